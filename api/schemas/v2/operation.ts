import { Type, type Static } from 'typebox';
import { Ref } from '../typebox';
import { PaymentSolution } from './common';
import { OperationOrder } from './order';
import { PositiveMinorUnits, Text, Uuid } from './primitives';

export const OperationRequest = Type.Object(
  {
    amount: PositiveMinorUnits({ description: 'Amount to capture, void or refund, in minor units.', examples: [5000] }),
    order: Type.Optional(Ref(OperationOrder)),
    priority: Type.Optional(
      Type.Array(Ref(PaymentSolution), {
        minItems: 1,
        description:
          'Partner transactions to use first, by partner and method, in this order; the rest in Tessera’s order. ' +
          'Not with partner_transaction_id.',
      }),
    ),
    partner_transaction_id: Type.Optional(
      Uuid({ description: 'The one authorization partner transaction to act on. Not with priority.' }),
    ),
    merchant_reference: Type.Optional(
      Text({ description: 'The merchant’s reference of this operation.', examples: ['CAP-2025-000123-1'] }),
    ),
  },
  {
    $id: 'OperationRequest',
    description:
      'Body of a capture, void or refund. Three forms: amount only (Tessera chooses the partner transactions); ' +
      'amount and priority; amount and partner_transaction_id.',
  },
);
export type OperationRequest = Static<typeof OperationRequest>;
