import type { PartnerProfile } from '../profile';
import { SANDBOX_OPERATIONS, sandboxNotifications, sandboxSettlementFees } from '../sandbox-common/profile.js';

export const sandboxInstalmentsProfile: PartnerProfile = {
  name: 'sandbox-instalments',
  displayName: 'sandbox-instalments',
  kind: 'Instalment lender',
  network: 'sandbox',
  summary:
    "A buy-now-pay-later lender, part of the sandbox partner network: the shopper applies on the lender's page and the lender decides asynchronously.",
  currencies: ['EUR'],
  methods: [
    {
      method: '3x',
      slug: '3x',
      title: 'Three instalments',
      summary: 'The purchase paid in three parts, the remainder on the first.',
      instrument: "nothing: the shopper applies on the lender's page",
    },
    {
      method: '4x',
      slug: '4x',
      title: 'Four instalments',
      summary: 'The purchase paid in four parts, the remainder on the first.',
      instrument: "nothing: the shopper applies on the lender's page",
    },
  ],
  capabilities: {
    ...SANDBOX_OPERATIONS,
    partialAuthorization: false,
    threeDSecure: false,
    futureUsageTokens: false,
    notifications: true,
  },
  notifications: sandboxNotifications('sandbox-instalments'),
  configuration: [],
  defaultContract: { min_amount: 5_000, max_amount: 300_000, priority: 40 },
  testData: [
    {
      title: "The lender's decision",
      intro: 'After the shopper applied, checked in this order:',
      columns: ['Condition', 'Decision'],
      rows: [
        [
          "The local part of the customer's email contains `refuse` (`refuse@example.com`)",
          '`REFUSED`, `REJECTED_BY_RISK_CHECKS`',
        ],
        ['The amount is below 50.00 or above 3,000.00', '`REFUSED`, `AMOUNT_EXCEEDED`'],
        ['Otherwise', '`AUTHORIZED`, partner status `ACCEPTED`, `partner_additional_data.instalments` `"3"` or `"4"`'],
      ],
    },
    sandboxSettlementFees('sandbox-instalments'),
  ],
};
