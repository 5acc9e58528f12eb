import type { PartnerProfile } from '../profile';
import { SANDBOX_OPERATIONS, sandboxNotifications, sandboxSettlementFees } from '../sandbox-common/profile.js';

export const sandboxWalletProfile: PartnerProfile = {
  name: 'sandbox-wallet',
  displayName: 'sandbox-wallet',
  kind: 'Wallet',
  network: 'sandbox',
  summary:
    'A wallet the shopper approves payments in, part of the sandbox partner network, with reusable wallet tokens for later payments without the shopper.',
  currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'],
  methods: [
    {
      method: 'wallet',
      slug: 'wallet',
      title: 'Wallet',
      summary: "The shopper approves on the wallet's page; an approval with future usage gives a reusable token.",
      instrument: 'nothing (the shopper approves on the redirection), or `parent_partner_token` / `wallet_token`',
    },
  ],
  capabilities: {
    ...SANDBOX_OPERATIONS,
    partialAuthorization: false,
    threeDSecure: false,
    futureUsageTokens: true,
    notifications: true,
  },
  notifications: sandboxNotifications('sandbox-wallet'),
  configuration: [],
  defaultContract: { min_amount: 1, max_amount: 100_000_000, priority: 30 },
  testData: [
    {
      title: "The wallet's page",
      intro: 'The payment is `PENDING` with a `redirection` to the wallet, where the shopper chooses:',
      columns: ['Choice', 'Outcome'],
      rows: [
        [
          'Approve payment',
          '`AUTHORIZED`, partner status `APPROVED`; with `allow_future_usage`, a reusable `partner_token` (`wtok_…`)',
        ],
        ['Decline', '`REFUSED`, `BLOCKED_BY_CUSTOMER`'],
        ['Nothing for 30 minutes', '`ABORTED`: Tessera stops waiting'],
        ['`parent_partner_token` of an approval', '`AUTHORIZED` at once, without the shopper'],
        ['an unknown token', '`REFUSED`, `UNKNOWN_CARD`'],
      ],
    },
    sandboxSettlementFees('sandbox-wallet'),
  ],
};
