import type { PartnerProfile } from '../profile';
import { SANDBOX_OPERATIONS, sandboxNotifications, sandboxSettlementFees } from '../sandbox-common/profile.js';

export const sandboxCardProfile: PartnerProfile = {
  name: 'sandbox-card',
  displayName: 'sandbox-card',
  kind: 'Card acquirer',
  network: 'sandbox',
  summary:
    'A card acquirer with 3-D Secure, part of the sandbox partner network: test card numbers decide approvals, refusals, challenges and timeouts.',
  currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'],
  methods: [
    {
      method: 'creditcard',
      slug: 'credit-card',
      title: 'Credit card',
      summary: 'Cards tokenized by the card vault, and cards saved for future usage.',
      instrument:
        '`vault_form_token` (a `vft_…` token of `POST /v2/vault/cards`), or a saved card: `wallet_token` or `parent_partner_token`',
      networks: ['VISA', 'MASTERCARD', 'CARTE_BANCAIRE', 'AMERICAN_EXPRESS'],
    },
  ],
  capabilities: {
    ...SANDBOX_OPERATIONS,
    partialAuthorization: false,
    threeDSecure: true,
    futureUsageTokens: true,
    notifications: true,
  },
  notifications: sandboxNotifications('sandbox-card'),
  configuration: [],
  defaultContract: { min_amount: 1, max_amount: 100_000_000, priority: 10 },
  testData: [
    {
      title: 'Test cards',
      intro: 'Any expiry date in the future and any CVV (3 digits, 4 for American Express).',
      columns: ['Number', 'Network', 'Outcome'],
      rows: [
        ['`4242424242424242`', 'VISA', '`AUTHORIZED`'],
        ['`5555555555554444`', 'MASTERCARD', '`AUTHORIZED`'],
        ['`378282246310005`', 'AMERICAN_EXPRESS', '`AUTHORIZED`'],
        ['`4000000000000002`', 'VISA', '`REFUSED`, `REJECTED_BANK` (partner status `DO_NOT_HONOR`)'],
        ['`4000000000009995`', 'VISA', '`REFUSED`, `INSUFFICIENT_FUNDS`'],
        ['`4000000000000069`', 'VISA', '`REFUSED`, `CARD_EXPIRED`, whatever expiry is sent'],
        [
          '`4000002760003184`',
          'VISA',
          '`PENDING` with a 3-D Secure challenge; then `AUTHORIZED` if the shopper completes it, `REFUSED` (`TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK`) if they fail it',
        ],
        ['`4000000000003220`', 'VISA', '`AUTHORIZED` after a frictionless 3-D Secure authentication'],
        [
          '`4000000000000119`',
          'VISA',
          "`UNCERTAIN`: the acquirer times out; settles as `AUTHORIZED` at Tessera's next status poll",
        ],
        [
          '`4000002500001001`',
          'CARTE_BANCAIRE and VISA',
          '`AUTHORIZED`; co-badged, `selected_network: CARTE_BANCAIRE` processes it as Carte Bancaire',
        ],
        ['`5555552500001001`', 'CARTE_BANCAIRE and MASTERCARD', 'The same, co-badged with Mastercard'],
        [
          '`4000000000000259`',
          'VISA',
          '`AUTHORIZED`; once captured, disputed as `FRAUDULENT`: `WON` if evidence arrives before its deadline, `LOST` without ([chargebacks](/docs/integrate/purse-reports/settlements-chargebacks#chargebacks))',
        ],
        [
          '`4000000000002685`',
          'VISA',
          '`AUTHORIZED`; once captured, disputed as `PRODUCT_NOT_RECEIVED`: `LOST` whatever the evidence',
        ],
        ['any other valid number', 'detected from its prefix', '`AUTHORIZED`'],
      ],
    },
    sandboxSettlementFees('sandbox-card'),
  ],
};
