import { siteConfig } from '../site-config';
import { SiteLink } from './SiteLink';

const SECTIONS = [
  {
    title: 'Understand',
    href: '/docs/understand/introduction',
    text: 'What Tessera does, the payment concepts it is built on, and the use cases it covers.',
  },
  {
    title: 'Integrate',
    href: '/docs/integrate/getting-started',
    text: 'Run Tessera locally and take a first payment from a client session to a capture.',
  },
  {
    title: 'References',
    href: '/docs/references/convention',
    text: 'API conventions (amounts, errors, idempotency) and a glossary of payment terms.',
  },
  {
    title: 'Checkout showcase',
    href: '/docs/checkout-showcase/',
    text: 'The embeddable checkout widget loaded from a running Tessera service.',
  },
] as const;

const APIS = [
  { title: 'API v2', href: '/api-v2', text: 'Orchestration: client sessions, payments, captures, voids and refunds.' },
  { title: 'API Wallet', href: '/wallet', text: 'Saved payment tokens per customer.' },
  {
    title: 'API v1',
    href: '/openapi/',
    text: 'Session and transaction API kept for existing integrations.',
    deprecated: true,
  },
] as const;

export function HomePage() {
  return (
    <div className="home">
      <header className="hero">
        <div className="container">
          <h1 className="hero__title">{siteConfig.title} documentation</h1>
          <p className="hero__subtitle">{siteConfig.tagline}</p>
          <div className="hero__buttons">
            <SiteLink href="/docs/integrate/getting-started" className="button button--primary button--lg">
              Get started
            </SiteLink>
            <SiteLink href="/api-v2" className="button button--secondary button--lg">
              API v2 reference
            </SiteLink>
          </div>
        </div>
      </header>
      <div className="container home__sections">
        <h2>Documentation</h2>
        <div className="card-grid">
          {SECTIONS.map((section) => (
            <SiteLink key={section.href} href={section.href} className="card">
              <h3>{section.title}</h3>
              <p>{section.text}</p>
            </SiteLink>
          ))}
        </div>
        <h2>API reference</h2>
        <div className="card-grid">
          {APIS.map((api) => (
            <SiteLink key={api.href} href={api.href} className="card">
              <h3>
                {api.title} {'deprecated' in api && <span className="badge badge--deprecated">Deprecated</span>}
              </h3>
              <p>{api.text}</p>
            </SiteLink>
          ))}
        </div>
      </div>
    </div>
  );
}
