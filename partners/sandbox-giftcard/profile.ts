import type { PartnerProfile } from '../profile';
import { SANDBOX_OPERATIONS, sandboxSettlementFees } from '../sandbox-common/profile.js';

export const sandboxGiftCardProfile: PartnerProfile = {
  name: 'sandbox-giftcard',
  displayName: 'sandbox-giftcard',
  kind: 'Gift card processor',
  network: 'sandbox',
  summary:
    'A gift card processor with balances, part of the sandbox partner network: an authorization holds part of a balance, a capture spends the hold, a void or a refund gives money back.',
  currencies: ['CHF', 'EUR', 'GBP', 'USD'],
  methods: [
    {
      method: 'giftcard',
      slug: 'gift-card',
      title: 'Gift card',
      summary: 'Gift cards tokenized by the gift card vault; their balance can be checked before paying.',
      instrument: '`vault_form_token` (a `vgt_…` token of `POST /v2/vault/gift-cards`)',
    },
  ],
  capabilities: {
    ...SANDBOX_OPERATIONS,
    partialAuthorization: true,
    threeDSecure: false,
    futureUsageTokens: false,
    notifications: false,
  },
  configuration: [],
  defaultContract: { min_amount: 1, max_amount: 100_000_000, priority: 20 },
  testData: [
    {
      title: 'Test gift cards',
      intro: "The PIN is `1234`, and optional. Balances are in minor units of the payment's currency.",
      columns: ['Number', 'Balance', 'Outcome'],
      rows: [
        ['`6036280000000001`', '50.00', '`AUTHORIZED` up to 50.00'],
        ['`6036280000000002`', '0.00', '`REFUSED`, `INSUFFICIENT_FUNDS`'],
        ['`6036280000000003`', '1,000,000.00', '`AUTHORIZED`'],
        ['`6036280000000004`', '10.00', '`AUTHORIZED` up to 10.00'],
        ['`6036280000000005`', '100.00, not activated', '`REFUSED`, `CARD_IS_NOT_ACTIVE`'],
        ['any other number', '', '`REFUSED`, `UNKNOWN_CARD`'],
        ['a wrong PIN', '', '`REFUSED`, `WRONG_CARD_DATA`'],
      ],
    },
    sandboxSettlementFees('sandbox-giftcard'),
  ],
};
