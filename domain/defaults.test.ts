import { describe, expect, it } from 'vitest';
import { withClientSessionDefaults, withPaymentDefaults, withWebhookDefaults } from './defaults';

describe('defaults', () => {
  it('fills in MANUAL capture, EMBEDDED integration and no future usage', () => {
    const application: { amount: number; capture_mode?: 'MANUAL' | 'AUTOMATIC' } = { amount: 1 };
    expect(withClientSessionDefaults(application)).toEqual({
      amount: 1,
      capture_mode: 'MANUAL',
      integration_mode: 'EMBEDDED',
      allow_future_usage: false,
    });
  });

  it('keeps what the merchant chose', () => {
    const chosen = { capture_mode: 'AUTOMATIC', integration_mode: 'HOSTED_PAGE', allow_future_usage: true } as const;
    expect(withClientSessionDefaults(chosen)).toEqual(chosen);
    expect(withPaymentDefaults({ capture_mode: 'AUTOMATIC' as const })).toEqual({
      capture_mode: 'AUTOMATIC',
      allow_future_usage: false,
    });
  });

  it('subscribes a webhook to PAYMENT events unless told otherwise', () => {
    const bare: { url: string; event_types?: readonly ('PAYMENT' | 'CAPTURE')[] } = { url: 'https://x.example' };
    const chosen = { url: 'https://x.example', event_types: ['CAPTURE' as const] };
    expect(withWebhookDefaults(bare).event_types).toEqual(['PAYMENT']);
    expect(withWebhookDefaults(chosen).event_types).toEqual(['CAPTURE']);
  });
});
