// Operator access: the people who run Tessera, as opposed to merchants. One secret,
// TESSERA_OPERATOR_TOKEN (platform/config.ts), opens the operator routes in two ways:
// - `Authorization: Bearer <token>` from a program (the Temporal CLI's `--codec-auth`);
// - a session cookie for a browser, which the Temporal UI cannot give an Authorization header of
//   our choosing: an operator signs in once at /temporal-codec/sign-in with the token, and the UI,
//   told to include credentials, sends the cookie with its codec requests.
//
// The token is compared as SHA-256 digests in constant time. The cookie holds no token: an expiry
// and an HMAC of it under a key derived from the token, so changing the token signs everybody out.
// It is HttpOnly (no script reads it), SameSite=Strict (sent from the same site only, which the
// Temporal UI is: 127.0.0.1 under `npm start`, a sibling host in production), and Secure over https.
import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sameHash, sha256 } from '../../platform/secrets';
import { HttpProblem } from '../errors/problem';

export const OPERATOR_COOKIE = 'tessera_operator';
/** A working day: the UI keeps a tab open for hours, and a stolen cookie is worthless by tomorrow. */
export const OPERATOR_SESSION_SECONDS = 8 * 3600;

const unauthorized = (detail: string) =>
  new HttpProblem(401, 'unauthorized', detail, undefined, {
    headers: { 'www-authenticate': 'Bearer realm="tessera-operator"' },
  });

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export class OperatorAccess {
  private readonly digest: Buffer | undefined;
  private readonly sessionKey: Buffer | undefined;

  constructor(
    token: string | undefined,
    /** Where the cookie is sent back: the operator routes only. */
    private readonly cookiePath: string,
    private readonly secureCookie: boolean,
  ) {
    this.digest = token ? sha256(token) : undefined;
    this.sessionKey = token
      ? Buffer.from(hkdfSync('sha256', token, Buffer.alloc(0), 'tessera/operator/session', 32))
      : undefined;
  }

  get configured(): boolean {
    return this.digest !== undefined;
  }

  tokenMatches(candidate: string): boolean {
    return this.digest !== undefined && sameHash(sha256(candidate), this.digest);
  }

  private mac(expiresAt: number): string {
    return createHmac('sha256', this.sessionKey!).update(`operator-session:${expiresAt}`).digest('base64url');
  }

  /** A Set-Cookie value opening the operator routes until `now` plus a session. */
  signIn(now = Date.now()): { cookie: string; expiresAt: Date } {
    if (!this.sessionKey) throw new Error('no operator token is configured');
    const expiresAt = Math.floor(now / 1000) + OPERATOR_SESSION_SECONDS;
    const attributes = [
      `${OPERATOR_COOKIE}=${expiresAt}.${this.mac(expiresAt)}`,
      `Path=${this.cookiePath}`,
      `Max-Age=${OPERATOR_SESSION_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(this.secureCookie ? ['Secure'] : []),
    ];
    return { cookie: attributes.join('; '), expiresAt: new Date(expiresAt * 1000) };
  }

  signOut(): string {
    return `${OPERATOR_COOKIE}=; Path=${this.cookiePath}; Max-Age=0; HttpOnly; SameSite=Strict${this.secureCookie ? '; Secure' : ''}`;
  }

  private validSession(value: string | undefined, now: number): boolean {
    if (!value || !this.sessionKey) return false;
    const [expires, mac] = value.split('.');
    const expiresAt = Number(expires);
    if (!Number.isInteger(expiresAt) || !mac || expiresAt * 1000 <= now) return false;
    return sameHash(sha256(mac), sha256(this.mac(expiresAt)));
  }

  /** Throws 401 unless the request carries the operator token or a live operator session. */
  authenticate(request: FastifyRequest, now = Date.now()): 'token' | 'session' {
    if (!this.configured)
      throw unauthorized('operator access is not configured: set TESSERA_OPERATOR_TOKEN on the api');
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    if (bearer !== undefined && this.tokenMatches(bearer)) return 'token';
    // A UI set to pass its own users' access token sends one of those: the cookie may still hold.
    if (this.validSession(cookieValue(request.headers.cookie, OPERATOR_COOKIE), now)) return 'session';
    if (bearer !== undefined) throw unauthorized('the operator token is wrong');
    throw unauthorized(
      'operator authentication required: Authorization: Bearer <TESSERA_OPERATOR_TOKEN>, or sign in at /temporal-codec/sign-in',
    );
  }
}
