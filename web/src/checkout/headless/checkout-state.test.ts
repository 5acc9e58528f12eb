import { describe, expect, it } from 'vitest';
import { canMove, canSubmit } from './checkout-state';

describe('the headless checkout’s states', () => {
  it('moves as a payment goes', () => {
    expect(canMove('idle', 'ready')).toBe(true);
    expect(canMove('ready', 'submitting')).toBe(true);
    expect(canMove('submitting', 'submitted')).toBe(true);
    expect(canMove('submitting', 'error')).toBe(true);
    expect(canMove('error', 'submitting')).toBe(true);
  });

  it('never leaves a final state', () => {
    for (const next of ['idle', 'ready', 'submitting', 'error', 'expired'] as const) {
      expect(canMove('submitted', next)).toBe(false);
      expect(canMove('expired', next)).toBe(false);
    }
  });

  it('submits from ready, and after an error of a loaded session', () => {
    expect(canSubmit('ready', true)).toBe(true);
    expect(canSubmit('error', true)).toBe(true);
    expect(canSubmit('error', false)).toBe(false);
    expect(canSubmit('submitting', true)).toBe(false);
    expect(canSubmit('expired', true)).toBe(false);
  });
});
