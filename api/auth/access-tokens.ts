import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { BoundedMap } from '../../db/cache/bounded-map';
import { allScopes, type Scope } from '../../db/merchants';
import { algorithm, type KeyRing } from './key-ring';

const issuer = 'tessera';
const audience = 'tessera-api';
/** Clients reuse a token until expires_in runs out by their own clock; forgive a little skew. */
export const clockToleranceSeconds = 60;

export interface AccessTokenClaims {
  entityId: string;
  clientId: string;
  scopes: readonly Scope[];
}

export async function issueAccessToken(keys: KeyRing, claims: AccessTokenClaims, ttlSeconds: number): Promise<string> {
  const key = await keys.signingKey('access-token');
  return new SignJWT({ ent: claims.entityId, scope: claims.scopes.join(' ') })
    .setProtectedHeader({ alg: algorithm, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(claims.clientId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .setJti(randomUUID())
    .sign(key.privateKey);
}

interface VerifiedToken {
  kid: string;
  claims: Readonly<AccessTokenClaims>;
  /** When jwtVerify would start refusing it: its expiry plus the clock tolerance. */
  validUntilMs: number;
}

/**
 * The tokens each key ring has verified, by their SHA-256, until they expire. A merchant's server
 * sends the same token on every call for an hour, and checking its RS256 signature again took
 * 0.6 ms of every call at concurrency 1 (WebCrypto's round trip through libuv's thread pool
 * included). What is remembered is what verifying again would answer: the same bytes pass the same
 * checks, time only moves towards the expiry (checked on every use), and the answer counts only
 * while the ring still holds the key that signed the token, so a retired key takes its tokens with
 * it at the ring's next reload, as it does for tokens verified afresh. Failures are never kept:
 * forged tokens cannot fill memory, and at most 10,000 tokens a process are.
 */
const verifiedByRing = new WeakMap<KeyRing, BoundedMap<VerifiedToken>>();
const maxVerifiedTokens = 10_000;
/** An outer bound on any remembered verification; each token's own expiry ends it sooner. */
const maxVerificationAgeMs = 24 * 3600 * 1000;

function verifiedTokensOf(keys: KeyRing): BoundedMap<VerifiedToken> {
  let verified = verifiedByRing.get(keys);
  if (!verified) {
    verified = new BoundedMap<VerifiedToken>(maxVerifiedTokens, maxVerificationAgeMs);
    verifiedByRing.set(keys, verified);
  }
  return verified;
}

/** The token's claims, or undefined for anything forged, expired, malformed or signed by an unknown key. */
export async function verifyAccessToken(keys: KeyRing, token: string): Promise<AccessTokenClaims | undefined> {
  const verified = verifiedTokensOf(keys);
  const digest = createHash('sha256').update(token).digest('base64url');
  const known = verified.get(digest);
  if (known && Date.now() < known.validUntilMs && keys.holds('access-token', known.kid)) return known.claims;
  const fresh = await verifyAccessTokenSignature(keys, token);
  if (fresh) verified.set(digest, fresh.kid, fresh);
  return fresh?.claims;
}

async function verifyAccessTokenSignature(keys: KeyRing, token: string): Promise<VerifiedToken | undefined> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return undefined;
  }
  if (!kid) return undefined;
  const key = await keys.verificationKey('access-token', kid);
  if (!key) return undefined;
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer,
      audience,
      algorithms: [algorithm],
      clockTolerance: clockToleranceSeconds,
      typ: 'at+jwt',
    });
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(isScope) : [];
    if (typeof payload.ent !== 'string' || typeof payload.sub !== 'string' || payload.exp === undefined)
      return undefined;
    const claims = { entityId: payload.ent, clientId: payload.sub, scopes: Object.freeze(scopes) };
    return { kid, claims: Object.freeze(claims), validUntilMs: (payload.exp + clockToleranceSeconds) * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value);
}
