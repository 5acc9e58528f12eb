/**
 * Point-of-sale calls: a cashier checks a gift card (POST /{entity}/sessions/init) and captures on
 * it (PUT /{entity}/transactions/capture). The original platform never documented their answers: Tessera answers
 * init with an InitResult (plugin_result.amount = the card's available balance) and capture with
 * an ActionResult, the shapes every other v1 call uses.
 *
 * These bodies carry a gift card number: the route must vault it at once (db/gift-card-vault.ts)
 * and never log or persist the body (the logger redacts `number` fields one level deep only).
 */
import { Type, type Static } from 'typebox';
import { V1CurrencyCode, V1DecimalInput, V1Method, V1Partner, V1Text } from './primitives';

const posProperties = (amountDescription: string) => ({
  partner: V1Partner({ examples: ['sandbox-giftcard'] }),
  method: V1Method({ examples: ['giftcard'] }),
  amount: V1DecimalInput({ description: amountDescription }),
  payment_data: Type.Object({
    card: Type.Object({
      number: Type.String({
        pattern: '^[0-9]{8,19}$',
        description: 'The gift card number, digits only (as the gift card vault takes it).',
        examples: ['6035710000000001'],
      }),
      pin: Type.Optional(Type.String({ pattern: '^[0-9]{4,8}$', description: 'The gift card PIN, when it has one.' })),
    }),
  }),
  order: Type.Object({
    reference: Type.Union([V1Text({ minLength: 1 }), Type.Integer()], { examples: ['POS-2025-0042'] }),
    currency_code: V1CurrencyCode(),
  }),
});

export const V1DefaultInitPosRequest = Type.Object(
  posProperties('Amount the cashier wants to pay with the card, in major units.'),
  {
    $id: 'V1DefaultInitPosRequest',
    description: 'Checks a gift card’s availability at a point of sale. Answer: V1InitResult.',
  },
);
export type V1DefaultInitPosRequest = Static<typeof V1DefaultInitPosRequest>;

export const V1DefaultCapturePosRequest = Type.Object(posProperties('Amount to take from the card, in major units.'), {
  $id: 'V1DefaultCapturePosRequest',
  description: 'Pays with a gift card at a point of sale (authorization and capture at once). Answer: V1ActionResult.',
});
export type V1DefaultCapturePosRequest = Static<typeof V1DefaultCapturePosRequest>;
