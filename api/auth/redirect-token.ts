// The signed outcome the shopper carries back to the merchant's shopper_redirection_url, in the
// `purse-redirection-data` query parameter. Merchants verify it with GET /v2/signing-jwks.
import { SignJWT } from 'jose';
import { algorithm, type KeyRing } from './key-ring';

export const redirectionParameter = 'purse-redirection-data';

export interface RedirectionClaims {
  entity_id: string;
  payment_id: string;
  client_session_id?: string;
  authorization_status: string;
  client_session_status?: string;
}

export async function signRedirection(keys: KeyRing, claims: RedirectionClaims, ttlSeconds = 600): Promise<string> {
  const key = await keys.signingKey('redirect');
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: algorithm, kid: key.kid, typ: 'JWT' })
    .setIssuer('tessera')
    .setAudience(claims.entity_id)
    .setSubject(claims.payment_id)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}

/**
 * The merchant's return URL with the signed outcome appended. The merchant's own query is kept
 * byte for byte (URLSearchParams would write its `%20` as `+`, and a shop that signs or compares
 * its return URL would no longer recognise it); only an earlier `purse-redirection-data` is
 * replaced. The token is base64url and dots: nothing in it needs escaping.
 */
export function redirectionUrl(base: string, token: string): string {
  const url = new URL(base);
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=', 1)[0] !== redirectionParameter);
  url.search = '';
  url.hash = '';
  const fragment = new URL(base).hash;
  return `${url.toString()}?${[...kept, `${redirectionParameter}=${token}`].join('&')}${fragment}`;
}
