// The demo shop's return page reads `purse-redirection-data` to show the outcome. A real shop
// verifies the JWS on its server against GET /v2/signing-jwks before trusting it; a page cannot.

export interface RedirectionClaims {
  client_session_id?: string;
  payment_id?: string;
  authorization_status?: string;
  client_session_status?: string;
  [claim: string]: unknown;
}

/** The claims of a compact JWS, unverified; null when it is not one. */
export function decodeJwsClaims(jws: string | null | undefined): RedirectionClaims | null {
  const parts = (jws ?? '').split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as RedirectionClaims)
      : null;
  } catch {
    return null;
  }
}

export type DemoOutcome = 'paid' | 'pending' | 'failed' | 'unknown';

export function demoOutcome(claims: RedirectionClaims | null): DemoOutcome {
  switch (claims?.authorization_status) {
    case 'AUTHORIZED':
      return 'paid';
    case 'PENDING':
    case 'UNCERTAIN':
      return 'pending';
    case 'REFUSED':
    case 'ERROR':
    case 'ABORTED':
      return 'failed';
    default:
      return 'unknown';
  }
}

/** Where the demo keeps the widget's events across the redirect (this tab only). */
export const DEMO_EVENTS_KEY = 'tessera-demo-widget-events';

export interface LoggedEvent {
  type: string;
  detail: unknown;
  at: string;
}

export function readLoggedEvents(storage: Pick<Storage, 'getItem'> | undefined): LoggedEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(DEMO_EVENTS_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed.filter(
          (entry) => typeof entry === 'object' && entry !== null && typeof entry.type === 'string',
        ) as LoggedEvent[])
      : [];
  } catch {
    return [];
  }
}
