import type { PartnerProfile } from '../profile';
import { REFUSAL_REASONS } from './decline-reasons.js';
import { STRIPE_TEST_CARDS } from './test-cards.js';

export const stripeProfile: PartnerProfile = {
  name: 'stripe',
  displayName: 'Stripe',
  kind: 'Card acquirer',
  network: 'live',
  summary:
    "Stripe as a card acquirer, on each entity's own Stripe account: PaymentIntents authorized with manual capture, 3-D Secure through Stripe's pages, saved cards as Stripe PaymentMethods, outcomes confirmed by signed webhook events.",
  currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'],
  methods: [
    {
      method: 'creditcard',
      slug: 'credit-card',
      title: 'Credit card',
      summary:
        "Cards from Tessera's card vault, sent to Stripe when the payment is authorized; saved cards paid again without the shopper.",
      instrument:
        '`vault_form_token` (a `vft_…` token of `POST /v2/vault/cards`), or a saved card: `wallet_token` or `parent_partner_token` (a Stripe `pm_…`)',
      networks: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS', 'CARTE_BANCAIRE'],
    },
  ],
  capabilities: {
    partialCapture: true,
    // Stripe captures a PaymentIntent several times only with multicapture (IC+ pricing), which
    // the adapter does not ask for: the first capture releases what it leaves.
    multipleCaptures: false,
    // Stripe cancels a whole PaymentIntent.
    partialVoid: false,
    multipleRefunds: true,
    partialAuthorization: false,
    threeDSecure: true,
    futureUsageTokens: true,
    notifications: true,
    statusPolling: true,
  },
  notifications: {
    endpoint: '/partners/stripe/notifications/{entity_id}',
    verification:
      '`Stripe-Signature`: HMAC-SHA256 of `<t>.<payload>` with the endpoint’s signing secret (`whsec_…`), at most 300 seconds old',
    events: [
      'payment_intent.amount_capturable_updated',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'payment_intent.canceled',
      'payment_intent.requires_action',
      'payment_intent.processing',
      'charge.refunded',
    ],
  },
  configuration: [
    {
      name: 'secret_key',
      env: 'STRIPE_SECRET_KEY',
      description:
        "The account's secret key (`sk_live_…`, `sk_test_…`) or a restricted key (`rk_…`) allowed to write PaymentIntents, PaymentMethods, Customers and Refunds.",
      secret: true,
      required: true,
      pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
    },
    {
      name: 'webhook_secret',
      env: 'STRIPE_WEBHOOK_SECRET',
      description: "The signing secret (`whsec_…`) of the webhook endpoint you add in Stripe's dashboard for Tessera.",
      secret: true,
      required: true,
      pattern: /^whsec_[A-Za-z0-9+/=]+$/,
    },
    {
      name: 'card_data',
      env: 'STRIPE_CARD_DATA',
      description:
        "How cards reach Stripe: `raw` (the vault's card, which needs Stripe to enable raw card data APIs on the account) or `test_payment_methods` (the test cards below as Stripe's test PaymentMethods). Default: `test_payment_methods` for a test key, `raw` for a live key.",
      secret: false,
      required: false,
      values: ['raw', 'test_payment_methods'],
    },
  ],
  // Stripe's smallest charge is 0.50 in most currencies (0.30 GBP, 50 JPY); its largest, 8 digits.
  defaultContract: { min_amount: 50, max_amount: 99_999_999, priority: 5 },
  testData: [
    {
      title: 'Test cards',
      intro:
        'With `card_data: test_payment_methods`, these numbers (any future expiry, any CVV) are sent as the Stripe test PaymentMethod beside them; any other number ends the authorization in `ERROR` before it reaches Stripe. With `raw`, any card goes to Stripe as it is, and Stripe decides.',
      columns: ['Number', 'Stripe test PaymentMethod', 'Outcome'],
      rows: STRIPE_TEST_CARDS.map((card) => [`\`${card.number}\``, `\`${card.payment_method}\``, card.outcome]),
    },
  ],
  reference: [
    {
      title: 'Refusal reasons',
      intro:
        "How Stripe's decline codes (`decline_code`) and error codes (`code`) become the partner transaction's refusal reason; Stripe's own code is kept as `partner_status` and in `partner_additional_data`. Any code not listed is `REJECTED_BANK`.",
      columns: ['Stripe code', 'Refusal reason'],
      rows: Object.entries(REFUSAL_REASONS).map(([code, reason]) => [`\`${code}\``, `\`${reason}\``]),
    },
  ],
};
