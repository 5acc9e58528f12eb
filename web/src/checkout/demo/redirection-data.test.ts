import { describe, expect, it } from 'vitest';
import { decodeJwsClaims, demoOutcome, readLoggedEvents } from './redirection-data';

const jws = (claims: unknown) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

describe('decodeJwsClaims', () => {
  it('reads the claims of the signed redirect (without verifying: the shop’s server does)', () => {
    const claims = {
      client_session_id: 's-1',
      payment_id: 'p-1',
      authorization_status: 'AUTHORIZED',
      client_session_status: 'SUBMITTED',
      note: 'é',
    };
    expect(decodeJwsClaims(jws(claims))).toEqual(claims);
    expect(demoOutcome(decodeJwsClaims(jws(claims)))).toBe('paid');
    expect(demoOutcome({ authorization_status: 'PENDING' })).toBe('pending');
    expect(demoOutcome({ authorization_status: 'REFUSED' })).toBe('failed');
  });

  it('gives null for anything else', () => {
    expect(decodeJwsClaims(null)).toBeNull();
    expect(decodeJwsClaims('a.b')).toBeNull();
    expect(decodeJwsClaims('a.!!!.c')).toBeNull();
    expect(decodeJwsClaims(`a.${Buffer.from('[1]').toString('base64url')}.c`)).toBeNull();
    expect(demoOutcome(null)).toBe('unknown');
  });
});

describe('readLoggedEvents', () => {
  it('reads what the demo stored, ignoring garbage', () => {
    const storage = { getItem: () => JSON.stringify([{ type: 'ready', detail: {}, at: 't' }, 3, null]) };
    expect(readLoggedEvents(storage)).toEqual([{ type: 'ready', detail: {}, at: 't' }]);
    expect(readLoggedEvents({ getItem: () => '{' })).toEqual([]);
    expect(readLoggedEvents(undefined)).toEqual([]);
  });
});
