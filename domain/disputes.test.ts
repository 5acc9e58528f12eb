import { describe, expect, it } from 'vitest';
import { disputeEvents, evidenceRefusal, isNewerDisputeNews, type DisputeFacts } from './disputes';

const recorded = (overrides: Partial<DisputeFacts> = {}): DisputeFacts => ({
  status: 'NEEDS_RESPONSE',
  partner_updated_at: '2026-05-01T10:00:00.000Z',
  evidence_due_at: '2026-05-08T10:00:00.000Z',
  ...overrides,
});

describe('isNewerDisputeNews', () => {
  it('takes news the partner made later', () => {
    expect(isNewerDisputeNews(recorded(), { status: 'UNDER_REVIEW', updated_at: '2026-05-01T10:00:01.000Z' })).toBe(
      true,
    );
  });

  it('ignores news older than or as old as what is recorded', () => {
    expect(isNewerDisputeNews(recorded(), { status: 'LOST', updated_at: '2026-05-01T09:59:59.000Z' })).toBe(false);
    expect(isNewerDisputeNews(recorded(), { status: 'NEEDS_RESPONSE', updated_at: '2026-05-01T10:00:00.000Z' })).toBe(
      false,
    );
  });

  it('moves forward at the same instant, never backward', () => {
    const at = '2026-05-01T10:00:00.000Z';
    expect(isNewerDisputeNews(recorded(), { status: 'WON', updated_at: at })).toBe(true);
    expect(isNewerDisputeNews(recorded({ status: 'UNDER_REVIEW' }), { status: 'NEEDS_RESPONSE', updated_at: at })).toBe(
      false,
    );
  });

  it('never reopens a decided dispute', () => {
    for (const status of ['WON', 'LOST'] as const) {
      expect(
        isNewerDisputeNews(recorded({ status }), { status: 'NEEDS_RESPONSE', updated_at: '2026-06-01T00:00:00.000Z' }),
      ).toBe(false);
    }
  });

  it('ignores news without a readable time', () => {
    expect(isNewerDisputeNews(recorded(), { status: 'LOST', updated_at: 'yesterday' })).toBe(false);
  });
});

describe('disputeEvents', () => {
  it('opens a new dispute, and closes it at once when the partner decided already', () => {
    expect(disputeEvents(undefined, 'NEEDS_RESPONSE')).toEqual(['DISPUTE_OPENED']);
    expect(disputeEvents(undefined, 'LOST')).toEqual(['DISPUTE_OPENED', 'DISPUTE_CLOSED']);
  });

  it('closes on a decision and updates otherwise', () => {
    expect(disputeEvents('UNDER_REVIEW', 'WON')).toEqual(['DISPUTE_CLOSED']);
    expect(disputeEvents('NEEDS_RESPONSE', 'LOST')).toEqual(['DISPUTE_CLOSED']);
    expect(disputeEvents('NEEDS_RESPONSE', 'UNDER_REVIEW')).toEqual(['DISPUTE_UPDATED']);
    expect(disputeEvents('NEEDS_RESPONSE', 'NEEDS_RESPONSE')).toEqual(['DISPUTE_UPDATED']);
  });
});

describe('evidenceRefusal', () => {
  const before = Date.parse('2026-05-07T10:00:00.000Z');

  it('takes evidence while the dispute needs a response, before its deadline', () => {
    expect(evidenceRefusal(recorded(), before)).toBeUndefined();
  });

  it('refuses it once the deadline passed', () => {
    expect(evidenceRefusal(recorded(), Date.parse('2026-05-08T10:00:00.000Z'))).toMatch(/deadline .* passed/);
  });

  it('refuses it for a dispute under review or decided', () => {
    for (const status of ['UNDER_REVIEW', 'WON', 'LOST'] as const)
      expect(evidenceRefusal(recorded({ status }), before)).toContain(status);
  });

  it('takes evidence once, unless the partner refused the first', () => {
    expect(evidenceRefusal(recorded({ evidence: { status: 'SENDING' } }), before)).toMatch(/already submitted/);
    expect(evidenceRefusal(recorded({ evidence: { status: 'SENT' } }), before)).toMatch(/already submitted/);
    expect(evidenceRefusal(recorded({ evidence: { status: 'REFUSED' } }), before)).toBeUndefined();
  });
});
