import { Type, type Static } from 'typebox';
import { Ref } from '../typebox';
import { CurrencyCode, MinorUnits } from './primitives';

export const VaultGiftCardRequest = Type.Object(
  {
    number: Type.String({
      pattern: '^[0-9]{8,19}$',
      description: 'Gift card number, digits only.',
      examples: ['6036280000000001'],
    }),
    pin: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4,8}$',
        description: 'PIN printed on the gift card, when it has one.',
        examples: ['1234'],
      }),
    ),
  },
  {
    $id: 'VaultGiftCardRequest',
    description: 'Body of POST /v2/vault/gift-cards: a gift card entered by the shopper.',
  },
);
export type VaultGiftCardRequest = Static<typeof VaultGiftCardRequest>;

export const VaultGiftCardSummary = Type.Object(
  {
    last_four_digits: Type.String({ pattern: '^[0-9]{4}$', examples: ['0001'] }),
  },
  { $id: 'VaultGiftCardSummary', description: 'What may be shown of a vaulted gift card.' },
);
export type VaultGiftCardSummary = Static<typeof VaultGiftCardSummary>;

export const VaultGiftCardResponse = Type.Object(
  {
    vault_form_token: Type.String({
      description:
        'Stands for the gift card in a payment split entry (partner sandbox-giftcard, method giftcard) and in a balance check.',
      examples: ['vgt_8Hq2x0LrT1'],
    }),
    gift_card: Ref(VaultGiftCardSummary),
  },
  { $id: 'VaultGiftCardResponse', description: 'Answer 201 of POST /v2/vault/gift-cards.' },
);
export type VaultGiftCardResponse = Static<typeof VaultGiftCardResponse>;

export const GiftCardBalanceRequest = Type.Object(
  {
    vault_form_token: Type.String({
      minLength: 1,
      description: 'The token POST /v2/vault/gift-cards returned.',
      examples: ['vgt_8Hq2x0LrT1'],
    }),
    currency: Type.Optional(
      CurrencyCode({
        default: 'EUR',
        description:
          'Currency the shopper pays in (the session’s); the balance is expressed in it. One the entity’s gift card contract accepts.',
      }),
    ),
  },
  { $id: 'GiftCardBalanceRequest', description: 'Body of POST /v2/vault/gift-cards/balance.' },
);
export type GiftCardBalanceRequest = Static<typeof GiftCardBalanceRequest>;

export const GiftCardBalanceResponse = Type.Object(
  {
    balance: MinorUnits({
      description:
        'What the gift card can pay now, in minor units of currency (amounts held by authorizations not yet captured or voided are not included); 0 when the card is not activated.',
      examples: [5000],
    }),
    currency: CurrencyCode(),
    active: Type.Boolean({
      description: 'Whether the gift card is activated: an inactive card is refused at authorization.',
      examples: [true],
    }),
    gift_card: Ref(VaultGiftCardSummary),
  },
  { $id: 'GiftCardBalanceResponse', description: 'Answer 200 of POST /v2/vault/gift-cards/balance.' },
);
export type GiftCardBalanceResponse = Static<typeof GiftCardBalanceResponse>;
