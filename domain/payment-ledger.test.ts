import { describe, expect, it } from 'vitest';
import { auth, CARD, GIFTCARD, ledger, op, split } from './payment-ledger.fixtures';
import { isFailedAuthorization, isInFlight, isUnsettledAuthorization, ledgerProblems } from './payment-ledger';

describe('status classes', () => {
  it('splits authorization statuses into held, unsettled and failed', () => {
    expect(isUnsettledAuthorization('PENDING')).toBe(true);
    expect(isUnsettledAuthorization('UNCERTAIN')).toBe(true);
    expect(isUnsettledAuthorization('AUTHORIZED')).toBe(false);
    expect(isUnsettledAuthorization('REFUSED')).toBe(false);
    expect(isFailedAuthorization('REFUSED')).toBe(true);
    expect(isFailedAuthorization('ERROR')).toBe(true);
    expect(isFailedAuthorization('ABORTED')).toBe(true);
    expect(isFailedAuthorization('AUTHORIZED')).toBe(false);
    expect(isFailedAuthorization('UNCERTAIN')).toBe(false);
  });

  it('treats PENDING and UNCERTAIN operation legs as in flight', () => {
    expect(isInFlight('PENDING')).toBe(true);
    expect(isInFlight('UNCERTAIN')).toBe(true);
    expect(isInFlight('SUCCESS')).toBe(false);
    expect(isInFlight('FAILURE')).toBe(false);
  });
});

describe('ledgerProblems', () => {
  it('finds nothing wrong with a consistent ledger', () => {
    const l = split([
      op('c1', 'capture', 'gc', 4000),
      op('c2', 'capture', 'cc', 1000, 'PENDING'),
      op('v1', 'void', 'cc', 5000, 'UNCERTAIN'),
      op('r1', 'refund', 'gc', 4000, 'PENDING'),
      op('c3', 'capture', 'cc', 9999, 'FAILURE'),
    ]);
    expect(ledgerProblems(l)).toEqual([]);
  });

  it('accepts a gift card that authorized less than requested', () => {
    expect(ledgerProblems(ledger([auth('gc', GIFTCARD, 4000, 'AUTHORIZED', 2500)]))).toEqual([]);
  });

  it('refuses repeated ids, across authorizations and operations', () => {
    expect(ledgerProblems(split([op('gc', 'capture', 'cc', 1)]))).toEqual([
      { pointer: '/operations/0/id', detail: 'repeats the id of /authorizations/0' },
    ]);
    expect(ledgerProblems(ledger([auth('a', CARD, 1), auth('a', CARD, 1)]))).toEqual([
      { pointer: '/authorizations/1/id', detail: 'repeats the id of /authorizations/0' },
    ]);
  });

  it('refuses amounts that are not minor units', () => {
    const l = ledger(
      [auth('a', CARD, 0, 'REFUSED'), auth('b', CARD, 10.5, 'AUTHORIZED', 10.5), auth('c', CARD, 10, 'AUTHORIZED', -1)],
      [op('o', 'capture', 'c', 0)],
    );
    expect(ledgerProblems(l).map((p) => p.pointer)).toEqual([
      '/authorizations/0/requested_amount',
      '/authorizations/1/requested_amount',
      '/authorizations/1/authorized_amount',
      '/authorizations/2/authorized_amount',
      '/operations/0/amount',
    ]);
  });

  it('ties authorized_amount to the status', () => {
    const l = ledger([
      auth('a', CARD, 100, 'AUTHORIZED', 0),
      auth('b', CARD, 100, 'PENDING', 100),
      auth('c', GIFTCARD, 100, 'AUTHORIZED', 101),
    ]);
    expect(ledgerProblems(l)).toEqual([
      { pointer: '/authorizations/0/authorized_amount', detail: 'is 0 although the leg is AUTHORIZED' },
      { pointer: '/authorizations/1/authorized_amount', detail: 'must be 0 while the leg is PENDING' },
      { pointer: '/authorizations/2/authorized_amount', detail: 'exceeds the requested amount 100' },
    ]);
  });

  it('refuses operations on an unknown or not AUTHORIZED leg', () => {
    const l = ledger(
      [auth('a', CARD, 100, 'REFUSED')],
      [op('o1', 'void', 'zz', 1), op('o2', 'capture', 'a', 1, 'FAILURE')],
    );
    expect(ledgerProblems(l)).toEqual([
      { pointer: '/operations/0/authorization_id', detail: 'names no authorization of this payment (zz)' },
      { pointer: '/operations/1/authorization_id', detail: 'acts on authorization a, which is REFUSED' },
    ]);
  });

  it('refuses captures and voids, done or in flight, beyond what a leg authorized', () => {
    const l = split([op('c', 'capture', 'gc', 3000), op('v', 'void', 'gc', 1001, 'PENDING')]);
    expect(ledgerProblems(l)).toEqual([
      { pointer: '/authorizations/0', detail: 'captures and voids (4001) exceed the authorized amount 4000' },
    ]);
  });

  it('refuses refunds, done or in flight, beyond what was captured on the leg', () => {
    const l = split([
      op('c', 'capture', 'cc', 1000),
      op('c2', 'capture', 'cc', 500, 'PENDING'),
      op('r', 'refund', 'cc', 1001, 'UNCERTAIN'),
    ]);
    expect(ledgerProblems(l)).toEqual([
      { pointer: '/authorizations/1', detail: 'refunds (1001) exceed the captured amount 1000' },
    ]);
  });

  it('does not count a failed operation against the leg', () => {
    expect(ledgerProblems(split([op('c', 'capture', 'gc', 4000), op('c2', 'capture', 'gc', 1, 'FAILURE')]))).toEqual(
      [],
    );
  });
});
