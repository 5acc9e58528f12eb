import { isCurrency } from '../currency';
import { validatePositiveAmount } from './amounts';
import { fieldError, pointer, type FieldError } from './field-error';
import { validateLocale } from './formats';
import { validateFutureUsageThreeDs } from './future-usage';
import type { CustomerInput, OrderInput, ThreeDsOptionsInput } from './inputs';
import { validateOrder } from './order';
import { validateWebhookHeaders, type WebhookHeaderInput } from './webhook-headers';

export interface ClientSessionApplicationInput {
  /** Optional here so that a body the schema did not check can be judged too. */
  readonly amount?: number | undefined;
  readonly currency: string;
  readonly order: OrderInput;
  readonly allow_future_usage?: boolean | undefined;
  readonly customer?: CustomerInput | undefined;
  readonly three_ds_authentication_options?: ThreeDsOptionsInput | undefined;
  readonly webhook?: { readonly headers?: readonly WebhookHeaderInput[] | undefined } | undefined;
}

/**
 * The rules of a client session application that JSON Schema cannot state, run after the
 * schema accepted the body (they re-check amount and currency so that they also hold for a
 * session built by the v1 adapter):
 *
 * - amount is an integer > 0; currency is one Tessera accepts;
 * - the order's totals ({@link validateOrderTotals}) against the amount;
 * - every address: `/order/billing_address` and each `/order/shipments/{i}/shipping_address`
 *   ({@link validateAddress});
 * - `/customer/locale` is a BCP 47 tag;
 * - allow_future_usage: the method is not chosen yet, so a challenge indicator other than
 *   CHALLENGE_REQUESTED_BY_MERCHANT, or any exemption, is refused, and an absent one is
 *   supplied at card authorization ({@link validateFutureUsageThreeDs} in 'if-present' mode);
 * - `/webhook/headers`: no name Tessera sets itself, only values HTTP can send
 *   ({@link validateWebhookHeaders}).
 *
 * Returns every error found, in document order of the rules above.
 */
export function validateClientSessionApplication(app: ClientSessionApplicationInput): FieldError[] {
  const errors: FieldError[] = [];
  errors.push(...validatePositiveAmount(app.amount, '/amount'));
  if (!isCurrency(app.currency)) errors.push(fieldError('/currency', 'must be one of CHF, EUR, GBP, JPY, USD'));
  errors.push(...validateOrder(app.order, app.amount, '/order'));
  errors.push(...validateLocale(app.customer?.locale, pointer('/customer', 'locale')));
  errors.push(
    ...validateFutureUsageThreeDs(
      app.allow_future_usage,
      app.three_ds_authentication_options,
      '/three_ds_authentication_options',
      'if-present',
    ),
  );
  errors.push(...validateWebhookHeaders(app.webhook?.headers, '/webhook/headers'));
  return errors;
}
