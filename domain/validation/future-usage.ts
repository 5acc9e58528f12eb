import { FUTURE_USAGE_CHALLENGE_INDICATOR } from '../enums';
import { fieldError, pointer, type FieldError } from './field-error';
import type { ThreeDsOptionsInput } from './inputs';

/**
 * Spec section 5: "When allow_future_usage is true, card payments must send the 3DS
 * challenge indicator CHALLENGE_REQUESTED_BY_MERCHANT". Saving a card for later
 * merchant-initiated payments needs a strong authentication of the shopper now, so:
 *
 * - `mode: 'required'` — the payment method is known to be a card (a new-authorization
 *   entry of a payment): `challenge_indicator` must be present and equal to
 *   CHALLENGE_REQUESTED_BY_MERCHANT.
 * - `mode: 'if-present'` — the method is not chosen yet (a client session: the shopper may
 *   pick a gift card or a wallet, where 3-D Secure does not apply). Only a contradiction
 *   is refused: an indicator other than CHALLENGE_REQUESTED_BY_MERCHANT. When absent, the
 *   card authorization uses {@link effectiveThreeDsOptions}, which supplies it.
 *
 * In both modes `challenge_exemption` is refused: an exemption asks the issuer to skip the
 * very challenge that future usage requires.
 */
export function validateFutureUsageThreeDs(
  allowFutureUsage: boolean | undefined,
  options: ThreeDsOptionsInput | undefined,
  at: string,
  mode: 'required' | 'if-present',
): FieldError[] {
  if (allowFutureUsage !== true) return [];
  const errors: FieldError[] = [];
  const indicator = options?.challenge_indicator;
  if (indicator === undefined) {
    if (mode === 'required') {
      errors.push(
        fieldError(
          pointer(at, 'challenge_indicator'),
          `is required and must be ${FUTURE_USAGE_CHALLENGE_INDICATOR} when allow_future_usage is true for a card`,
        ),
      );
    }
  } else if (indicator !== FUTURE_USAGE_CHALLENGE_INDICATOR) {
    errors.push(
      fieldError(
        pointer(at, 'challenge_indicator'),
        `must be ${FUTURE_USAGE_CHALLENGE_INDICATOR} when allow_future_usage is true`,
      ),
    );
  }
  if (options?.challenge_exemption !== undefined) {
    errors.push(fieldError(pointer(at, 'challenge_exemption'), 'must not be given when allow_future_usage is true'));
  }
  return errors;
}

/**
 * The 3-D Secure options to send with a card authorization: the merchant's as they are, or,
 * when the card is saved for future use, CHALLENGE_REQUESTED_BY_MERCHANT and no exemption
 * (which is what the merchant's options say once they passed
 * {@link validateFutureUsageThreeDs}, or what the orchestrator supplies when they were
 * absent from a session).
 */
export function effectiveThreeDsOptions(
  allowFutureUsage: boolean | undefined,
  options: ThreeDsOptionsInput | undefined,
): ThreeDsOptionsInput | undefined {
  if (allowFutureUsage !== true) return options;
  return { challenge_indicator: FUTURE_USAGE_CHALLENGE_INDICATOR };
}
