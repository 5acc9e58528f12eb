// Stripe test mode refuses raw card numbers unless Stripe enabled its raw card data APIs on the
// account; it offers test PaymentMethods instead (pm_card_visa...). An account configured with
// `card_data: test_payment_methods` (the default for sk_test_ keys) sends, for each test card
// below, its PaymentMethod: the merchant tests with the numbers it knows from the sandbox. A number
// not listed is refused before it reaches Stripe. Pure data: the docs' partner page shows it.

export interface StripeTestCard {
  number: string;
  payment_method: string;
  outcome: string;
}

export const STRIPE_TEST_CARDS: readonly StripeTestCard[] = [
  { number: '4242424242424242', payment_method: 'pm_card_visa', outcome: 'AUTHORIZED (VISA)' },
  { number: '5555555555554444', payment_method: 'pm_card_mastercard', outcome: 'AUTHORIZED (MASTERCARD)' },
  { number: '378282246310005', payment_method: 'pm_card_amex', outcome: 'AUTHORIZED (AMERICAN_EXPRESS)' },
  {
    number: '4000000000000002',
    payment_method: 'pm_card_chargeDeclined',
    outcome: 'REFUSED, REJECTED_BANK (generic_decline)',
  },
  {
    number: '4000000000009995',
    payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: 'REFUSED, INSUFFICIENT_FUNDS',
  },
  {
    number: '4000000000000069',
    payment_method: 'pm_card_chargeDeclinedExpiredCard',
    outcome: 'REFUSED, CARD_EXPIRED',
  },
  {
    number: '4000000000000127',
    payment_method: 'pm_card_chargeDeclinedIncorrectCvc',
    outcome: 'REFUSED, WRONG_CARD_DATA (incorrect_cvc)',
  },
  {
    number: '4000002760003184',
    payment_method: 'pm_card_authenticationRequired',
    outcome: 'PENDING with a 3-D Secure redirection, then AUTHORIZED or REFUSED',
  },
];

/** The test PaymentMethod standing for a test card number, if the number is one. */
export function testPaymentMethodFor(cardNumber: string): string | undefined {
  const digits = cardNumber.replace(/\s+/g, '');
  return STRIPE_TEST_CARDS.find((card) => card.number === digits)?.payment_method;
}
