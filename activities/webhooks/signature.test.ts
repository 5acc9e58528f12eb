import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './signature';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt"}';

  it('verifies what it signed', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    expect(verifyWebhook(secret, body, header, 1_700_000_010)).toEqual({ valid: true, timestamp: 1_700_000_000 });
  });

  it('refuses another body, another secret, a missing header', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    expect(verifyWebhook(secret, '{"id":"other"}', header, 1_700_000_000).valid).toBe(false);
    expect(verifyWebhook('whsec_other', body, header, 1_700_000_000).valid).toBe(false);
    expect(verifyWebhook(secret, body, undefined, 1_700_000_000).valid).toBe(false);
  });

  it('refuses a replay outside the tolerance window', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    expect(verifyWebhook(secret, body, header, 1_700_000_000 + 301)).toEqual({
      valid: false,
      reason: 'timestamp outside tolerance',
    });
  });

  it('refuses a signature for another timestamp', () => {
    const forged = signWebhook(secret, body, 1_700_000_000).replace('t=1700000000', 't=1700000100');
    expect(verifyWebhook(secret, body, forged, 1_700_000_100).valid).toBe(false);
  });
});
