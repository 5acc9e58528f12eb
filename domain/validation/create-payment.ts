import { isCurrency } from '../currency';
import { isPositiveMinorUnits, validatePositiveAmount } from './amounts';
import { validateCardExpiry } from './card';
import { fieldError, pointer, type FieldError } from './field-error';
import { validateLocale } from './formats';
import { validateFutureUsageThreeDs } from './future-usage';
import type { CardEntryInput, CustomerInput, OrderInput, ThreeDsOptionsInput } from './inputs';
import { validateOrder } from './order';
import { validateWebhookHeaders, type WebhookHeaderInput } from './webhook-headers';

export interface SplitEntryInput {
  /** Optional here so that a body the schema did not check can be judged too. */
  readonly amount?: number | undefined;
  readonly partner?: string | undefined;
  readonly method?: string | undefined;
  readonly parent_payment_id?: string | undefined;
  readonly parent_partner_transaction_id?: string | undefined;
  readonly parent_partner_token?: string | undefined;
  readonly parent_partner_reference?: string | undefined;
  readonly vault_form_token?: string | undefined;
  readonly wallet_token?: string | undefined;
  readonly card?: CardEntryInput | undefined;
  readonly three_ds_authentication_options?: ThreeDsOptionsInput | undefined;
}

export interface CreatePaymentInput {
  /** Optional here so that a body the schema did not check can be judged too. */
  readonly amount?: number | undefined;
  readonly currency: string;
  readonly order: OrderInput;
  readonly allow_future_usage?: boolean | undefined;
  readonly customer?: CustomerInput | undefined;
  readonly split?: readonly SplitEntryInput[] | undefined;
  readonly new_authorization_candidates?: readonly SplitEntryInput[] | undefined;
  readonly browser?: { readonly language?: string } | undefined;
  readonly webhook?: { readonly headers?: readonly WebhookHeaderInput[] | undefined } | undefined;
}

/**
 * The kind of a split entry, told by its fields (the wire format has no discriminator:
 * existing integrations send these field names as they are):
 *
 * - DUPLICATE — it names an earlier Tessera authorization: parent_payment_id or
 *   parent_partner_transaction_id;
 * - NEW_AUTHORIZATION — it carries a card entered by the shopper: vault_form_token or card;
 * - WALLET_TOKEN — it pays with a token of the customer's wallet: wallet_token;
 * - FOREIGN — anything else: an authorization made outside Tessera, identified at the
 *   partner by parent_partner_token or parent_partner_reference.
 */
export type SplitEntryKind = 'DUPLICATE' | 'NEW_AUTHORIZATION' | 'WALLET_TOKEN' | 'REDIRECT_AUTHORIZATION' | 'FOREIGN';

/**
 * Methods whose new authorization needs nothing from the merchant but partner and method: the
 * shopper approves at the partner (wallet page, lender page), reached through the redirection.
 */
export const REDIRECT_METHODS: readonly string[] = ['wallet', '3x', '4x'];

const DUPLICATE_FIELDS = ['parent_payment_id', 'parent_partner_transaction_id'] as const;
const FOREIGN_FIELDS = ['parent_partner_token', 'parent_partner_reference'] as const;
const NEW_AUTHORIZATION_FIELDS = ['vault_form_token', 'card'] as const;

function present(entry: SplitEntryInput, fields: readonly (keyof SplitEntryInput)[]): (keyof SplitEntryInput)[] {
  return fields.filter((field) => entry[field] !== undefined);
}

export function splitEntryKind(entry: SplitEntryInput): SplitEntryKind {
  if (present(entry, DUPLICATE_FIELDS).length > 0) return 'DUPLICATE';
  if (entry.wallet_token !== undefined) return 'WALLET_TOKEN';
  if (present(entry, NEW_AUTHORIZATION_FIELDS).length > 0) return 'NEW_AUTHORIZATION';
  if (
    present(entry, FOREIGN_FIELDS).length === 0 &&
    entry.partner !== undefined &&
    entry.method !== undefined &&
    REDIRECT_METHODS.includes(entry.method)
  ) {
    return 'REDIRECT_AUTHORIZATION';
  }
  return 'FOREIGN';
}

/** One entry at `at` (e.g. "/split/2"); `allowFutureUsage` is the payment's. */
export function validateSplitEntry(
  entry: SplitEntryInput,
  at: string,
  allowFutureUsage: boolean | undefined,
): FieldError[] {
  const errors = validatePositiveAmount(entry.amount, pointer(at, 'amount'));
  const kind = splitEntryKind(entry);
  const foreignFields = present(entry, FOREIGN_FIELDS);

  switch (kind) {
    case 'DUPLICATE': {
      for (const field of ['partner', 'method', ...FOREIGN_FIELDS, ...NEW_AUTHORIZATION_FIELDS] as const) {
        if (entry[field] !== undefined) {
          errors.push(
            fieldError(
              pointer(at, field),
              `must not be given in an entry duplicating an earlier authorization (${present(entry, DUPLICATE_FIELDS).join(', ')}): ` +
                'partner and method are the parent’s',
            ),
          );
        }
      }
      break;
    }
    case 'NEW_AUTHORIZATION': {
      for (const field of foreignFields) {
        errors.push(
          fieldError(pointer(at, field), 'must not be given in an entry authorizing a new card (vault_form_token)'),
        );
      }
      errors.push(...requirePartnerAndMethod(entry, at, 'a new authorization'));
      if (entry.vault_form_token === undefined) {
        errors.push(
          fieldError(pointer(at, 'vault_form_token'), 'is required with card: the token of POST /v2/vault/cards'),
        );
      }
      errors.push(...validateCardExpiry(entry.card, pointer(at, 'card')));
      // 3-D Secure belongs to cards: a gift card entry needs no challenge indicator.
      if (!entry.vault_form_token?.startsWith('vgt_')) {
        errors.push(
          ...validateFutureUsageThreeDs(
            allowFutureUsage,
            entry.three_ds_authentication_options,
            pointer(at, 'three_ds_authentication_options'),
            'required',
          ),
        );
      }
      break;
    }
    case 'WALLET_TOKEN': {
      for (const field of [...FOREIGN_FIELDS, ...NEW_AUTHORIZATION_FIELDS] as const) {
        if (entry[field] !== undefined)
          errors.push(
            fieldError(
              pointer(at, field),
              'must not be given with wallet_token: the saved token is the means of payment',
            ),
          );
      }
      break;
    }
    case 'REDIRECT_AUTHORIZATION':
      break;
    case 'FOREIGN': {
      if (foreignFields.length === 0 && entry.partner === undefined && entry.method === undefined) {
        errors.push(
          fieldError(
            at,
            'must say what it pays with: parent_payment_id or parent_partner_transaction_id (an earlier authorization), ' +
              'partner, method and parent_partner_token or parent_partner_reference (a foreign authorization), ' +
              'or partner, method and vault_form_token (a new card authorization)',
          ),
        );
        break;
      }
      errors.push(...requirePartnerAndMethod(entry, at, 'a foreign authorization'));
      if (foreignFields.length === 0) {
        errors.push(fieldError(at, 'a foreign authorization needs parent_partner_token or parent_partner_reference'));
      }
      break;
    }
  }
  return errors;
}

function requirePartnerAndMethod(entry: SplitEntryInput, at: string, what: string): FieldError[] {
  const errors: FieldError[] = [];
  if (entry.partner === undefined) errors.push(fieldError(pointer(at, 'partner'), `is required for ${what}`));
  if (entry.method === undefined) errors.push(fieldError(pointer(at, 'method'), `is required for ${what}`));
  return errors;
}

/**
 * Rules of POST /v2/payments beyond the schema:
 *
 * - `/amount` > 0, `/currency` accepted, the order ({@link validateOrder}: totals against the
 *   amount, every address), `/customer/locale` and `/browser/language` BCP 47;
 * - `/split` or `/new_authorization_candidates`: at least one entry between them (a candidate is a
 *   new authorization); each entry valid for its kind ({@link validateSplitEntry}:
 *   amount > 0; a duplicate names no partner; a foreign one has partner, method and
 *   parent_partner_token or parent_partner_reference; a new authorization has partner,
 *   method, vault_form_token, two-digit expiry strings, and, when allow_future_usage is
 *   true, the challenge indicator CHALLENGE_REQUESTED_BY_MERCHANT);
 * - the entries' amounts, candidates included, add up to at most the payment amount;
 * - `/webhook/headers`: no name Tessera sets itself, only values HTTP can send
 *   ({@link validateWebhookHeaders}).
 */
export function validateCreatePayment(body: CreatePaymentInput): FieldError[] {
  const errors = validatePositiveAmount(body.amount, '/amount');
  if (!isCurrency(body.currency)) errors.push(fieldError('/currency', 'must be one of CHF, EUR, GBP, JPY, USD'));
  errors.push(...validateOrder(body.order, body.amount, '/order'));
  errors.push(...validateLocale(body.customer?.locale, '/customer/locale'));
  errors.push(...validateLocale(body.browser?.language, '/browser/language'));

  const split = body.split ?? [];
  const candidates = body.new_authorization_candidates ?? [];
  if (body.split !== undefined && body.split.length === 0)
    errors.push(fieldError('/split', 'must have at least one entry; omit it otherwise'));
  if (body.new_authorization_candidates !== undefined && candidates.length === 0) {
    errors.push(fieldError('/new_authorization_candidates', 'must have at least one entry; omit it otherwise'));
  }
  if (body.split === undefined && body.new_authorization_candidates === undefined) {
    errors.push(
      fieldError(
        '/split',
        'is required unless new_authorization_candidates are given: the means of payment to authorize',
      ),
    );
  }
  split.forEach((entry, i) => errors.push(...validateSplitEntry(entry, pointer('/split', i), body.allow_future_usage)));
  candidates.forEach((entry, i) => {
    const at = pointer('/new_authorization_candidates', i);
    const kind = splitEntryKind(entry);
    if (kind !== 'NEW_AUTHORIZATION' && kind !== 'WALLET_TOKEN' && kind !== 'REDIRECT_AUTHORIZATION') {
      errors.push(
        fieldError(
          at,
          'a candidate is a new authorization: partner, method and vault_form_token (or a redirect method); earlier and foreign authorizations go in split',
        ),
      );
    } else {
      errors.push(...validateSplitEntry(entry, at, body.allow_future_usage));
    }
  });
  const amounts = [...split, ...candidates].map((entry) => entry.amount);
  if (amounts.length > 0 && amounts.every(isPositiveMinorUnits) && isPositiveMinorUnits(body.amount)) {
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    if (total > body.amount) {
      errors.push(
        fieldError(
          split.length > 0 ? '/split' : '/new_authorization_candidates',
          `entry amounts add up to ${total}, more than the payment amount ${body.amount}`,
        ),
      );
    }
  }
  errors.push(...validateWebhookHeaders(body.webhook?.headers, '/webhook/headers'));
  return errors;
}
