// Where the demo shop's shopper_redirection_url points: Tessera sends the shopper here with
// ?purse-redirection-data=<JWS> once the payment is decided (or still pending).
import { useMemo } from 'react';
import { DemoShopFrame, EventLog } from './DemoShopFrame';
import { decodeJwsClaims, demoOutcome, readLoggedEvents } from './redirection-data';

const TITLES = {
  paid: 'Thank you! Your payment is authorized',
  pending: 'Thank you! Your payment is being confirmed',
  failed: 'Your payment did not go through',
  unknown: 'No payment information',
} as const;

export function DemoReturnPage({ redirectionData }: { redirectionData: string | undefined }) {
  const claims = useMemo(() => decodeJwsClaims(redirectionData), [redirectionData]);
  const outcome = demoOutcome(claims);
  const events = useMemo(() => (typeof sessionStorage === 'undefined' ? [] : readLoggedEvents(sessionStorage)), []);
  return (
    <DemoShopFrame title={TITLES[outcome]}>
      <section
        className={`demo-card demo-outcome demo-outcome--${outcome}`}
        aria-labelledby="demo-outcome-title"
        data-outcome={outcome}
      >
        <h2 id="demo-outcome-title">What Tessera sent back</h2>
        {claims ? (
          <dl className="demo-claims">
            <dt>Authorization</dt>
            <dd data-testid="authorization-status">{String(claims.authorization_status ?? '—')}</dd>
            <dt>Session status</dt>
            <dd data-testid="session-status">{String(claims.client_session_status ?? '—')}</dd>
            <dt>Payment</dt>
            <dd className="demo-mono" data-testid="payment-id">
              {String(claims.payment_id ?? '—')}
            </dd>
            <dt>Client session</dt>
            <dd className="demo-mono">{String(claims.client_session_id ?? '—')}</dd>
          </dl>
        ) : (
          <p>
            This page expects <code>?purse-redirection-data=</code> from Tessera.
          </p>
        )}
        <p className="demo-muted">
          A real shop verifies this signed token on its server with <code>GET /v2/signing-jwks</code> and reads the
          payment with <code>GET /v2/payments/{'{id}'}</code> before confirming the order; this page only decodes it.
        </p>
      </section>
      {events.length > 0 && <EventLog events={events} />}
    </DemoShopFrame>
  );
}
