import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { allScopes, type Scope } from '../../db/merchants';
import { algorithm, type KeyRing } from './key-ring';

const issuer = 'tessera';
const audience = 'tessera-api';
/** Clients reuse a token until expires_in runs out by their own clock; forgive a little skew. */
export const clockToleranceSeconds = 60;

export interface AccessTokenClaims {
  entityId: string;
  clientId: string;
  scopes: Scope[];
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

/** The token's claims, or undefined for anything forged, expired, malformed or signed by an unknown key. */
export async function verifyAccessToken(keys: KeyRing, token: string): Promise<AccessTokenClaims | undefined> {
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
    if (typeof payload.ent !== 'string' || typeof payload.sub !== 'string') return undefined;
    return { entityId: payload.ent, clientId: payload.sub, scopes };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value);
}
