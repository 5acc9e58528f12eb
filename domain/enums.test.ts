import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_INDICATORS,
  CHANGE_INDICATORS,
  AGE_INDICATORS,
  ECI_VALUES,
  isOneOf,
  WEBHOOK_EVENT_TYPES,
  ALL_WEBHOOK_EVENT_TYPES,
} from './enums';

describe('enums', () => {
  it('has the counts the API documents', () => {
    expect(CHALLENGE_INDICATORS).toHaveLength(9);
    // The spec's 11, and the three of disputes.
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(14);
    expect(new Set(ALL_WEBHOOK_EVENT_TYPES).size).toBe(15);
    expect(ECI_VALUES).toEqual(['00', '01', '02', '05', '06', '07']);
  });

  it('has change indicators equal to age indicators without GUEST', () => {
    expect([...CHANGE_INDICATORS]).toEqual(AGE_INDICATORS.filter((value) => value !== 'GUEST'));
  });

  it('narrows with isOneOf', () => {
    expect(isOneOf(ECI_VALUES, '05')).toBe(true);
    expect(isOneOf(ECI_VALUES, '5')).toBe(false);
    expect(isOneOf(ECI_VALUES, 5)).toBe(false);
  });
});
