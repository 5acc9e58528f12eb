// Capture, void and refund, the same for every partner: validated like an acquirer would, and a
// refusal is a FAILURE answer, not an error. The partner's own money moves through its
// instrument's onOperation (gift card balances).
import type { SandboxPartnerName, ReasonCode } from '../../catalog';
import type { WireOperation, WireOperationBody } from '../schemas';
import { SandboxHttpError, amountsOf, newId, type Books, type Instrument, type OperationKind } from './books';

const REF_PREFIX: Record<OperationKind, string> = { capture: 'cap', void: 'void', refund: 'rfd' };
const PAST_TENSE: Record<OperationKind, string> = { capture: 'captured', void: 'voided', refund: 'refunded' };

export function operate(
  books: Books,
  instruments: Readonly<Record<SandboxPartnerName, Instrument>>,
  kind: OperationKind,
  reference: string,
  body: WireOperationBody,
  idempotencyKey: string,
): WireOperation {
  const auth = books.mustGet(reference);
  if (body.currency !== auth.currency) {
    throw new SandboxHttpError(422, 'currency_mismatch', `the authorization is in ${auth.currency}`);
  }
  const available = amountsOf(auth);
  const limit =
    kind === 'capture'
      ? available.available_to_capture
      : kind === 'void'
        ? available.available_to_void
        : available.available_to_refund;
  let failure: { reason: ReasonCode; status: string; description: string } | null = null;
  if (auth.status !== 'AUTHORIZED') {
    failure = {
      reason: 'BAD_REQUEST',
      status: 'NOT_AUTHORIZED',
      description: `The authorization is ${auth.status}.`,
    };
  } else if (body.amount > limit) {
    failure = {
      reason: 'AMOUNT_EXCEEDED',
      status: 'AMOUNT_EXCEEDED',
      description: `At most ${limit} can be ${PAST_TENSE[kind]}.`,
    };
  }
  if (!failure) {
    if (kind === 'capture') auth.captured += body.amount;
    if (kind === 'void') auth.voided += body.amount;
    if (kind === 'refund') auth.refunded += body.amount;
    instruments[auth.partner].onOperation?.(auth, kind, body.amount);
    auth.updatedAt = new Date();
  }
  const operation: WireOperation = {
    object: kind,
    reference: newId(REF_PREFIX[kind]),
    authorization_reference: auth.reference,
    partner: auth.partner,
    status: failure ? 'FAILURE' : 'SUCCESS',
    amount: body.amount,
    processed_amount: failure ? 0 : body.amount,
    currency: auth.currency,
    partner_status: failure?.status ?? PAST_TENSE[kind].toUpperCase(),
    partner_status_description: failure?.description ?? `${body.amount} ${PAST_TENSE[kind]}.`,
    reason: failure?.reason ?? null,
    authorization_amounts: amountsOf(auth),
    idempotency_key: idempotencyKey,
    created_at: new Date().toISOString(),
  };
  books.recordOperation(operation, auth);
  return operation;
}
