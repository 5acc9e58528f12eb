// An access token verified once is not verified again on every call (api/auth/access-tokens.ts):
// what the process remembers must answer as verifying afresh would, at the token's expiry and when
// the key that signed it is retired.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '../../api/auth/access-tokens';
import { KeyRing } from '../../api/auth/key-ring';
import { connect, type Sql } from '../../db/connection';
import { createTestDatabase, providedInfrastructure } from '../support/stack';

let sql: Sql;
const encryptionKey = randomBytes(32);

beforeAll(async () => {
  sql = connect(await createTestDatabase(providedInfrastructure()), { max: 2 });
});
afterAll(async () => sql?.end({ timeout: 5 }));

const claims = { entityId: randomUUID(), clientId: 'client-1', scopes: ['payment-api' as const] };

/** A token signed by the ring's current key, expiring `expiresInSeconds` from now (negative: in the past). */
async function signed(keys: KeyRing, expiresInSeconds: number): Promise<string> {
  const key = await keys.signingKey('access-token');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ent: claims.entityId, scope: 'payment-api' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer('tessera')
    .setAudience('tessera-api')
    .setSubject(claims.clientId)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key.privateKey);
}

/** A token with a key id no ring holds: verifying it makes a ring reload its keys (once a second at most). */
async function unknownKidToken(keys: KeyRing): Promise<string> {
  const key = await keys.signingKey('access-token');
  return new SignJWT({ ent: claims.entityId })
    .setProtectedHeader({ alg: 'RS256', kid: randomUUID(), typ: 'at+jwt' })
    .setExpirationTime('1h')
    .sign(key.privateKey);
}

describe('access tokens verified before', () => {
  it('answer the same claims on every call, frozen so that no caller changes another’s', async () => {
    const keys = new KeyRing(sql, encryptionKey);
    const token = await issueAccessToken(keys, claims, 3600);
    const first = await verifyAccessToken(keys, token);
    const second = await verifyAccessToken(keys, token);
    expect(first).toEqual(claims);
    expect(second).toEqual(claims);
    expect(Object.isFrozen(second)).toBe(true);
    expect(Object.isFrozen(second?.scopes)).toBe(true);
    // A token that differs by one byte of its signature is its own token, checked on its own.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(keys, tampered)).toBeUndefined();
  });

  it('are refused once their expiry and the clock tolerance have passed', async () => {
    const keys = new KeyRing(sql, encryptionKey);
    // Expired 59 s ago: the 60 s clock tolerance accepts it for one more second.
    const token = await signed(keys, -59);
    expect(await verifyAccessToken(keys, token)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await verifyAccessToken(keys, token)).toBeUndefined();
  });

  it('are refused once the key that signed them is retired and the ring has reloaded', async () => {
    const keys = new KeyRing(sql, encryptionKey);
    const token = await signed(keys, 3600);
    expect(await verifyAccessToken(keys, token)).toEqual(claims);
    const { kid } = await keys.signingKey('access-token');
    await sql`update signing_keys set retired_at = now() where kid = ${kid}`;
    // Until the ring reloads, it answers as it did before remembering anything: the key is held.
    expect(await verifyAccessToken(keys, token)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await verifyAccessToken(keys, await unknownKidToken(keys))).toBeUndefined();
    expect(keys.holds('access-token', kid)).toBe(false);
    expect(await verifyAccessToken(keys, token)).toBeUndefined();
    // A ring that never saw the token refuses it as well: the remembered answer was the same one.
    expect(await verifyAccessToken(new KeyRing(sql, encryptionKey), token)).toBeUndefined();
  });
});
