/** Small builders for the payment money tests: legs with readable defaults. */
import type { AuthorizationStatus, OperationPartnerTransactionStatus } from './enums';
import type { AuthorizationLeg, OperationKind, OperationLeg, PaymentLedger } from './payment-ledger';

export const GIFTCARD = { partner: 'sandbox-giftcard', method: 'giftcard' } as const;
export const CARD = { partner: 'sandbox-card', method: 'creditcard' } as const;
export const WALLET = { partner: 'sandbox-wallet', method: 'wallet' } as const;

/** An authorization leg; AUTHORIZED for the whole requested amount unless told otherwise. */
export function auth(
  id: string,
  solution: { partner: string; method: string },
  requested: number,
  status: AuthorizationStatus = 'AUTHORIZED',
  authorized = status === 'AUTHORIZED' ? requested : 0,
): AuthorizationLeg {
  return { id, ...solution, requested_amount: requested, authorized_amount: authorized, status };
}

export function op(
  id: string,
  kind: OperationKind,
  authorization_id: string,
  amount: number,
  status: OperationPartnerTransactionStatus = 'SUCCESS',
): OperationLeg {
  return { id, kind, authorization_id, amount, status };
}

export function ledger(authorizations: AuthorizationLeg[], operations: OperationLeg[] = []): PaymentLedger {
  return { authorizations, operations };
}

/** Gift card 40.00 then card 60.00, both authorized: the usual split payment. */
export const split = (operations: OperationLeg[] = []) =>
  ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000)], operations);
