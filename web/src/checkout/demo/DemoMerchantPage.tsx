// A demo shop's checkout page: what a merchant's own page does to embed Tessera. It holds no
// secret: the shop's server creates the EMBEDDED client session and gives the page its
// widget.data (here in the address: /demo/merchant?widget_data=...). The page loads the widget
// script, mounts it and logs every event the widget emits.
import { useEffect, useRef, useState } from 'react';
import type { CheckoutWidget, TesseraCheckoutGlobal } from '../widget/widget-api';
import { DEMO_EVENTS_KEY, type LoggedEvent } from './redirection-data';
import { DemoShopFrame, EventLog } from './DemoShopFrame';

const DEFAULT_WIDGET_URL = import.meta.env.VITE_TESSERA_WIDGET_URL ?? '/widget/v1/tessera-widget.js';

export interface DemoOptions {
  widgetData?: string;
  theme?: 'auto' | 'light' | 'dark';
  locale?: string;
  returnToMerchant?: boolean;
  scriptUrl?: string;
}

type ScriptState = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** Adds the widget's <script> once (as a merchant's page would), resolving with window.TesseraCheckout. */
function loadWidgetScript(src: string): Promise<TesseraCheckoutGlobal> {
  if (window.TesseraCheckout) return Promise.resolve(window.TesseraCheckout);
  return new Promise((resolve, reject) => {
    const onLoaded = () =>
      window.TesseraCheckout
        ? resolve(window.TesseraCheckout)
        : reject(new Error('The widget script ran without defining TesseraCheckout.'));
    document.addEventListener('loadScriptJSWidget', onLoaded, { once: true });
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
    if (existing) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('error', () => {
      script.remove();
      document.removeEventListener('loadScriptJSWidget', onLoaded);
      reject(new Error(`The widget script could not be loaded from ${src}.`));
    });
    document.head.appendChild(script);
  });
}

export function DemoMerchantPage({ options }: { options: DemoOptions }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [script, setScript] = useState<ScriptState>({ state: 'loading' });
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const { widgetData, theme, locale, returnToMerchant, scriptUrl = DEFAULT_WIDGET_URL } = options;

  useEffect(() => {
    if (!widgetData) return;
    const element = mountRef.current;
    if (!element) return;
    let widget: CheckoutWidget | undefined;
    let active = true;
    const log: LoggedEvent[] = [];
    sessionStorage.removeItem(DEMO_EVENTS_KEY);
    const record = (event: Event) => {
      const entry = {
        type: event.type.replace(/^tessera:/, ''),
        detail: (event as CustomEvent).detail,
        at: new Date().toISOString(),
      };
      log.push(entry);
      // Kept for the return page (the shopper leaves this page to pay), and printed for developers.
      sessionStorage.setItem(DEMO_EVENTS_KEY, JSON.stringify(log));
      console.info(`[tessera-demo] ${entry.type} ${JSON.stringify(entry.detail)}`);
      setEvents([...log]);
    };
    loadWidgetScript(scriptUrl).then(
      (TesseraCheckout) => {
        if (!active) return;
        setScript({ state: 'ready' });
        // The DOM events bubble from the mount element: one listener per event type.
        for (const type of TesseraCheckout.events) element.addEventListener(`tessera:${type}`, record);
        widget = TesseraCheckout.mount(element, {
          data: widgetData,
          ...(theme ? { theme } : {}),
          ...(locale ? { locale } : {}),
          ...(returnToMerchant === false ? { returnToMerchant: false } : {}),
        });
      },
      (error: unknown) =>
        active && setScript({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
      widget?.unmount();
    };
  }, [widgetData, theme, locale, returnToMerchant, scriptUrl]);

  return (
    <DemoShopFrame title="Checkout">
      <div className="demo-grid">
        <section className="demo-card" aria-labelledby="demo-order">
          <h2 id="demo-order">Your order</h2>
          <p>
            A demo shop page. Its server created the Tessera client session (integration mode EMBEDDED) and passed the
            session’s <code>widget.data</code> to this page.
          </p>
        </section>
        <section className="demo-card" aria-labelledby="demo-payment">
          <h2 id="demo-payment">Payment</h2>
          {!widgetData && (
            <div className="demo-note" role="note">
              <p>
                No session to pay: open this page with <code>?widget_data=</code> and the <code>widget.data</code> of an
                EMBEDDED client session created on your server, for example:
              </p>
              <pre>{`curl -s -X POST $TESSERA/v2/client-sessions -H "x-api-key: $SECRET_KEY" \\
  -H 'content-type: application/json' \\
  -d '{"entity_id":"…","amount":2599,"currency":"EUR","integration_mode":"EMBEDDED",
       "order":{"reference":"demo-1"},"shopper_redirection_url":"'$TESSERA'/demo/merchant/return"}'`}</pre>
            </div>
          )}
          {widgetData && script.state === 'loading' && <p role="status">Loading the payment form…</p>}
          {script.state === 'failed' && (
            <p role="alert" className="demo-error">
              {script.message}
            </p>
          )}
          <div ref={mountRef} id="tessera-checkout" className="demo-mount" />
        </section>
      </div>
      <EventLog events={events} />
    </DemoShopFrame>
  );
}
