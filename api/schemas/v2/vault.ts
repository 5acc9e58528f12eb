import { Type, type Static } from 'typebox';
import { CARD_NETWORKS } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { ExpiryMonth, ExpiryYear } from './payment';
import { Text } from './primitives';

export const VaultCardRequest = Type.Object(
  {
    number: Type.String({
      pattern: '^[0-9]{12,19}$',
      description: 'Card number, digits only.',
      examples: ['4242424242424242'],
    }),
    expiry_month: ExpiryMonth(),
    expiry_year: ExpiryYear(),
    cvv: Type.String({ pattern: '^[0-9]{3,4}$', description: 'Card verification value.', examples: ['123'] }),
    holder_name: Type.Optional(Text({ examples: ['CAMILLE MARTIN'] })),
  },
  { $id: 'VaultCardRequest', description: 'Body of POST /v2/vault/cards: a card entered by the shopper.' },
);
export type VaultCardRequest = Static<typeof VaultCardRequest>;

export const VaultCardSummary = Type.Object(
  {
    detected_brands: Type.Array(StringEnum(CARD_NETWORKS), {
      description: 'Networks the card number belongs to; two for a co-badged card.',
      examples: [['CARTE_BANCAIRE', 'VISA']],
    }),
    bin: Type.String({ pattern: '^[0-9]{6,8}$', examples: ['424242'] }),
    last_four_digits: Type.String({ pattern: '^[0-9]{4}$', examples: ['4242'] }),
  },
  { $id: 'VaultCardSummary', description: 'What may be shown of a vaulted card.' },
);
export type VaultCardSummary = Static<typeof VaultCardSummary>;

export const VaultCardResponse = Type.Object(
  {
    vault_form_token: Type.String({
      description: 'Stands for the card in a payment split entry.',
      examples: ['vft_5d0f3a9b7c'],
    }),
    card: Ref(VaultCardSummary),
  },
  { $id: 'VaultCardResponse', description: 'Answer 201 of POST /v2/vault/cards.' },
);
export type VaultCardResponse = Static<typeof VaultCardResponse>;
