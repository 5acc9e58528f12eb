// Records a partner's answer on the leg it concerns, in the shapes the API shows.
import type { Authentication, Card } from '../../api/schemas/v2';
import { ECI_VALUES, isOneOf } from '../../domain/enums';
import type { AuthorizeResult, OperationResult } from '../../partners/partner';
import type { AuthorizationLegState, OperationLegState } from './types';

function cardOf(result: AuthorizeResult, keepFingerprint: boolean): Card | undefined {
  if (!result.card) return undefined;
  const auth = result.authentication;
  return {
    bin: result.card.bin,
    last_four_digits: result.card.last_four_digits,
    expiry_month: result.card.expiry_month,
    expiry_year: result.card.expiry_year,
    ...(result.card.holder_name ? { holder_name: result.card.holder_name } : {}),
    ...(result.card.network ? { selected_network: result.card.network } : {}),
    ...(keepFingerprint && result.card.fingerprint ? { fingerprint: result.card.fingerprint } : {}),
    ...(auth && auth.status === 'SUCCESS'
      ? {
          three_ds: {
            ...(auth.eci && isOneOf(ECI_VALUES, auth.eci) ? { eci: auth.eci } : {}),
            version: auth.version,
            flow: auth.flow,
            ds_transaction_id: auth.ds_transaction_id,
            acs_transaction_id: auth.acs_transaction_id,
          },
        }
      : {}),
  };
}

function authenticationOf(result: AuthorizeResult): Authentication | undefined {
  const auth = result.authentication;
  if (!auth) return undefined;
  return {
    status: auth.status,
    flow: auth.flow,
    ...(auth.eci && isOneOf(ECI_VALUES, auth.eci) ? { eci: auth.eci } : {}),
    ...(auth.challenge_data ? { challenge_data: auth.challenge_data } : {}),
  };
}

/** Returns whether the leg's status or authentication changed, for the events to publish. */
export function applyAuthorizeResult(
  leg: AuthorizationLegState,
  result: AuthorizeResult,
  now: string,
  options: { keepFingerprint: boolean },
): { statusChanged: boolean; authenticationChanged: boolean } {
  const before = { status: leg.status, authentication: leg.authentication?.status };
  leg.status = result.status;
  leg.authorized_amount = result.status === 'AUTHORIZED' ? result.authorized_amount : 0;
  leg.partner_reference = result.partner_reference;
  leg.partner_status = result.partner_status;
  leg.partner_status_description = result.partner_status_description;
  if (result.partner_token) leg.partner_token = result.partner_token;
  if (result.refusal_reason) leg.refusal_reason = result.refusal_reason;
  else delete leg.refusal_reason;
  const card = cardOf(result, options.keepFingerprint);
  // A later answer (a status poll, a notification) has no fingerprint: the card is still the same.
  if (card)
    leg.card = leg.card?.fingerprint && !card.fingerprint ? { ...card, fingerprint: leg.card.fingerprint } : card;
  const authentication = authenticationOf(result);
  if (authentication) leg.authentication = authentication;
  if (result.redirection) {
    leg.redirection = {
      href: result.redirection.href,
      method: result.redirection.method,
      ...(result.redirection.media_type ? { media_type: result.redirection.media_type } : {}),
      ...(result.redirection.body ? { body: result.redirection.body } : {}),
    };
  } else {
    delete leg.redirection;
  }
  leg.partner_additional_data = {
    ...result.partner_additional_data,
    ...(result.refusal_reason ? { refusal_reason: result.refusal_reason } : {}),
  };
  leg.updated_at = now;
  return {
    statusChanged: before.status !== leg.status,
    authenticationChanged: before.authentication !== leg.authentication?.status,
  };
}

export function applyOperationResult(tx: OperationLegState, result: OperationResult, now: string): void {
  tx.status = result.status;
  tx.partner_reference = result.partner_reference;
  tx.partner_status = result.partner_status;
  tx.partner_status_description = result.partner_status_description;
  tx.updated_at = now;
}
