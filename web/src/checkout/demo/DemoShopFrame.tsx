import type { ReactNode } from 'react';
import type { LoggedEvent } from './redirection-data';
import './demo.css';

/** The demo shop's page frame: deliberately not Tessera's look, to show the widget on someone else's page. */
export function DemoShopFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="demo-shop">
      <header className="demo-header">
        <span className="demo-logo" aria-hidden="true">
          ◆
        </span>
        <span className="demo-shop-name">Lumière Demo Shop</span>
        <span className="demo-badge">demo merchant page</span>
      </header>
      <main className="demo-main">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

export function EventLog({ events }: { events: LoggedEvent[] }) {
  return (
    <section className="demo-card demo-events" aria-labelledby="demo-events-title">
      <h2 id="demo-events-title">Widget events</h2>
      {events.length === 0 ? (
        <p className="demo-muted">None yet.</p>
      ) : (
        <ol aria-label="Widget events" data-testid="widget-events">
          {events.map((event, index) => (
            <li key={index} data-event={event.type}>
              <strong>{event.type}</strong> <code>{JSON.stringify(event.detail)}</code>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
