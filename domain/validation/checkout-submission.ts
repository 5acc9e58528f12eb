import { splitEntryKind, type SplitEntryInput } from './create-payment';
import { fieldError, pointer, type FieldError } from './field-error';

/**
 * What a shopper's browser may pay a client session with (POST /checkout/v1/sessions/{id}/payments,
 * authenticated by the publishable key anyone can read from the merchant's page): a card entered
 * and tokenized, a saved method of the session's customer, or a method the shopper approves at the
 * partner. An earlier Tessera authorization (a duplicate) and one made outside Tessera (foreign)
 * are holds the merchant owns: only the merchant's server may name them, in POST /v2/payments.
 */
const NAMES_A_MERCHANTS_HOLD = [
  'parent_payment_id',
  'parent_partner_transaction_id',
  'parent_partner_token',
  'parent_partner_reference',
] as const;

export function validateCheckoutSplit(split: readonly SplitEntryInput[]): FieldError[] {
  return split.flatMap((entry, index) => {
    const at = pointer('/split', index);
    const merchantsOnly = NAMES_A_MERCHANTS_HOLD.filter((field) => entry[field] !== undefined);
    if (merchantsOnly.length > 0)
      return merchantsOnly.map((field) =>
        fieldError(
          pointer(at, field),
          "names an authorization the merchant holds: only the merchant's server may, in POST /v2/payments",
        ),
      );
    if (splitEntryKind(entry) === 'FOREIGN')
      return [
        fieldError(
          at,
          'needs a card entered (vault_form_token), a saved method (wallet_token) or a method approved at the partner',
        ),
      ];
    return [];
  });
}
