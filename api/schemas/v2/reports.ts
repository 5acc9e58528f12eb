// The reports a finance team reconciles with: the transactions report (one row per partner
// transaction or dispute) and the settlements partners paid out, with their lines and mismatches.
// The descriptions here are the data reference of the docs (web/build/report-reference.ts
// generates /docs/integrate/purse-reports/data-references from them), and the properties of
// ReportTransaction, in order, are the columns of the CSV download.
import { Type, type Static, type TSchema } from 'typebox';
import {
  AUTHORIZATION_STATUSES,
  DISPUTE_STATUSES,
  OPERATION_PARTNER_TRANSACTION_STATUSES,
  REPORT_TRANSACTION_TYPES,
  REPORT_WEBHOOK_EVENT_TYPES,
  SETTLEMENT_LINE_MATCHES,
  SETTLEMENT_LINE_TYPES,
  SETTLEMENT_MISMATCH_KINDS,
  TRIGGER_ORIGINS,
} from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { WebhookHeader } from './common';
import { CurrencyCode, DateTime, HttpUrl, MAX_AMOUNT, MethodName, MinorUnits, PartnerName, Uuid } from './primitives';

/** Every status a report row can have: its type's statuses, all in one list. */
export const REPORT_TRANSACTION_STATUSES = [
  ...new Set<string>([...AUTHORIZATION_STATUSES, ...OPERATION_PARTNER_TRANSACTION_STATUSES, ...DISPUTE_STATUSES]),
] as unknown as readonly [string, ...string[]];

/** A column that is empty (null) where it does not apply. */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An amount that may be negative: what a partner takes back. */
const SignedMinorUnits = (description: string) =>
  Type.Integer({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT, description, examples: [-2599] });

export const ReportTransaction = Type.Object(
  {
    id: Uuid({ description: 'Tessera’s id of the partner transaction, or of the dispute.' }),
    type: StringEnum(REPORT_TRANSACTION_TYPES, {
      description:
        'AUTHORIZATION: money held at a partner; CAPTURE, VOID, REFUND: a part of an operation done at one partner; DISPUTE: a dispute (chargeback) the shopper’s bank opened. A compensation is a VOID or REFUND triggered_by ORCHESTRATOR.',
      examples: ['CAPTURE'],
    }),
    status: StringEnum(REPORT_TRANSACTION_STATUSES, {
      description:
        'The status of its type: AUTHORIZED, PENDING, UNCERTAIN, ERROR, ABORTED or REFUSED for an authorization; SUCCESS, FAILURE, PENDING or UNCERTAIN for a capture, void or refund; NEEDS_RESPONSE, UNDER_REVIEW, WON or LOST for a dispute.',
      examples: ['SUCCESS'],
    }),
    reason: Nullable(
      Type.String({
        description:
          'Why: the refusal reason of an authorization (INSUFFICIENT_FUNDS...), the partner’s status of a failed operation (AMOUNT_EXCEEDED...), the reason of a dispute (FRAUDULENT...). Empty otherwise.',
        examples: ['INSUFFICIENT_FUNDS'],
      }),
    ),
    triggered_by: Nullable(
      StringEnum(TRIGGER_ORIGINS, {
        description:
          'Who asked for an operation: MERCHANT through the API, AUTHORIZATION for the capture of an AUTOMATIC payment, ORCHESTRATOR for a compensation. Empty for authorizations and disputes.',
        examples: ['MERCHANT'],
      }),
    ),
    payment_id: Uuid({ description: 'The payment.' }),
    operation_id: Nullable(Uuid({ description: 'The capture, void or refund this transaction is a part of.' })),
    authorization_id: Nullable(
      Uuid({ description: 'The authorization partner transaction an operation or a dispute acts on.' }),
    ),
    entity_id: Uuid({ description: 'The entity (merchant) the payment belongs to.' }),
    order_reference: Type.String({
      description: 'The merchant’s order reference of the payment.',
      examples: ['ORD-2026-000123'],
    }),
    partner: PartnerName(),
    method: MethodName(),
    partner_reference: Nullable(
      Type.String({
        description: 'The partner’s id of the transaction or dispute: what its settlement files name.',
        examples: ['cap_5c1f0e9b7a2d4e6f8a0b1c2d'],
      }),
    ),
    amount: MinorUnits({ description: 'Requested amount, in minor units; for a dispute, the disputed amount.' }),
    processed_amount: MinorUnits({
      description:
        'What moved, in minor units: authorized, captured, voided or refunded; for a dispute, what was charged back (LOST); 0 when nothing moved.',
    }),
    currency: CurrencyCode(),
    partner_status: Nullable(
      Type.String({ description: 'Status as the partner reported it.', examples: ['CAPTURED'] }),
    ),
    partner_status_description: Nullable(Type.String({ description: 'The partner’s explanation of its status.' })),
    created_at: DateTime({ description: 'When Tessera created the transaction (or heard of the dispute).' }),
    updated_at: DateTime({ description: 'When it last changed.' }),
  },
  {
    $id: 'ReportTransaction',
    description: 'One row of the transactions report: a partner transaction of a payment, or a dispute on one.',
  },
);
export type ReportTransaction = Static<typeof ReportTransaction>;

/** The CSV download's columns: ReportTransaction's properties, in order. */
export const REPORT_TRANSACTION_COLUMNS = Object.keys(ReportTransaction.properties) as (keyof ReportTransaction)[];

const NextCursor = Nullable(
  Type.String({
    description: 'Pass it as `cursor` to read the next page; null on the last page.',
    examples: ['djEuMjAyNi0wNS0wMVQxMDowMDowMC4wMDBaLjNmMmI4YzFl'],
  }),
);

export const ReportTransactionPage = Type.Object(
  { items: Type.Array(Ref(ReportTransaction)), next_cursor: NextCursor },
  { $id: 'ReportTransactionPage', description: 'A page of the transactions report, oldest first.' },
);
export type ReportTransactionPage = Static<typeof ReportTransactionPage>;

const settlementProperties = {
  id: Uuid({ description: 'Tessera’s id of the settlement.' }),
  partner: PartnerName(),
  partner_batch_id: Type.String({
    description: 'The partner’s id of the batch, as its file names it.',
    examples: ['stl_9f2c4e1a'],
  }),
  currency: CurrencyCode(),
  settled_on: Type.String({
    format: 'date',
    description: 'The day the partner paid the batch out (UTC).',
    examples: ['2026-05-02'],
  }),
  period_start: DateTime({ description: 'The batch holds what the partner moved from this instant...' }),
  period_end: DateTime({ description: '...to this one (excluded): its cut-off.' }),
  imported_at: DateTime({ description: 'When Tessera imported the partner’s file.' }),
  line_count: Type.Integer({ minimum: 0, description: 'Your lines in the batch.' }),
  gross_amount: SignedMinorUnits('Sum of your lines’ gross amounts: captured, less refunded and charged back.'),
  fee_amount: MinorUnits({ description: 'Sum of the fees the partner kept on your lines.' }),
  net_amount: SignedMinorUnits('What the partner paid you for these lines: gross_amount - fee_amount.'),
  mismatch_count: Type.Integer({ minimum: 0, description: 'Your mismatches found in this batch, resolved or not.' }),
  open_mismatch_count: Type.Integer({
    minimum: 0,
    description: 'Those not resolved yet (a missing line a later batch settled is resolved).',
  }),
};

export const Settlement = Type.Object(settlementProperties, {
  $id: 'Settlement',
  description:
    'A batch a partner settled: what it paid out for your transactions in one currency, less its fees. Totals count your lines only.',
});
export type Settlement = Static<typeof Settlement>;

export const SettlementLine = Type.Object(
  {
    line_number: Type.Integer({ minimum: 1, description: 'The line’s number in the partner’s file.' }),
    type: StringEnum(SETTLEMENT_LINE_TYPES, {
      description:
        'CAPTURE: money paid out; REFUND: money given back to a shopper; CHARGEBACK: money a lost dispute took back.',
      examples: ['CAPTURE'],
    }),
    partner_reference: Type.String({ description: 'The partner’s id of the capture, refund or dispute.' }),
    authorization_reference: Nullable(
      Type.String({ description: 'The partner’s id of the authorization it belongs to.' }),
    ),
    gross_amount: SignedMinorUnits('Amount moved: positive when paid to you, negative when taken back.'),
    fee_amount: MinorUnits({ description: 'What the partner kept on this line.' }),
    net_amount: SignedMinorUnits('gross_amount - fee_amount.'),
    currency: CurrencyCode(),
    transaction_date: DateTime({ description: 'When the partner made the transaction.' }),
    match: StringEnum(SETTLEMENT_LINE_MATCHES, {
      description:
        'MATCHED: the line says what Tessera recorded; AMOUNT_DIFFERENCE: it says another amount (see the mismatch); UNKNOWN_TRANSACTION: Tessera has no such transaction.',
      examples: ['MATCHED'],
    }),
    transaction_id: Nullable(Uuid({ description: 'Tessera’s transaction the line settles (a report row’s id).' })),
    payment_id: Nullable(Uuid({ description: 'Its payment.' })),
    order_reference: Nullable(Type.String({ description: 'Its payment’s order reference.' })),
  },
  { $id: 'SettlementLine', description: 'One line of a partner’s settlement file, held against Tessera’s records.' },
);
export type SettlementLine = Static<typeof SettlementLine>;

export const SettlementMismatch = Type.Object(
  {
    id: Uuid(),
    kind: StringEnum(SETTLEMENT_MISMATCH_KINDS, {
      description:
        'UNKNOWN_TRANSACTION: a line names a transaction Tessera has no record of; AMOUNT_DIFFERENCE: a line settles another amount than Tessera recorded (or money Tessera says never moved, or settled twice); MISSING_LINE: Tessera has money moved in the batch’s period that the batch does not settle.',
      examples: ['AMOUNT_DIFFERENCE'],
    }),
    line_number: Nullable(Type.Integer({ minimum: 1, description: 'The line concerned; empty for a missing line.' })),
    transaction_id: Nullable(Uuid({ description: 'Tessera’s transaction concerned, when it knows one.' })),
    payment_id: Nullable(Uuid()),
    partner_reference: Nullable(Type.String()),
    expected_amount: Nullable(SignedMinorUnits('What Tessera expected the partner to settle (gross, signed).')),
    settled_amount: Nullable(SignedMinorUnits('What the partner settled (gross, signed); empty for a missing line.')),
    description: Type.String({ description: 'What differs, for a person to read.' }),
    resolved_at: Nullable(DateTime({ description: 'When a later batch settled the missing line.' })),
    resolved_by_settlement_id: Nullable(Uuid({ description: 'That batch.' })),
  },
  { $id: 'SettlementMismatch', description: 'A difference between a settlement and Tessera’s records.' },
);
export type SettlementMismatch = Static<typeof SettlementMismatch>;

export const SettlementDetails = Type.Object(
  {
    ...settlementProperties,
    lines: Type.Array(Ref(SettlementLine), { description: 'Your lines, in the file’s order.' }),
    mismatches: Type.Array(Ref(SettlementMismatch)),
  },
  { $id: 'SettlementDetails', description: 'A settlement with your lines and mismatches.' },
);
export type SettlementDetails = Static<typeof SettlementDetails>;

export const SettlementPage = Type.Object(
  { items: Type.Array(Ref(Settlement)), next_cursor: NextCursor },
  { $id: 'SettlementPage', description: 'A page of settlements, most recent cut-off first.' },
);
export type SettlementPage = Static<typeof SettlementPage>;

export const ReportWebhook = Type.Object(
  {
    url: HttpUrl({
      description: 'Where Tessera POSTs report events (http or https).',
      examples: ['https://finance.shop.example/hooks/tessera'],
    }),
    event_types: Type.Optional(
      Type.Array(StringEnum(REPORT_WEBHOOK_EVENT_TYPES), {
        minItems: 1,
        uniqueItems: true,
        default: [...REPORT_WEBHOOK_EVENT_TYPES],
        description: 'Events to notify: SETTLEMENT_COMPLETED (the default) when a settlement of yours was imported.',
      }),
    ),
    headers: Type.Optional(Type.Array(Ref(WebhookHeader), { description: 'Extra headers sent with each delivery.' })),
  },
  {
    $id: 'ReportWebhook',
    description:
      'The entity’s endpoint for events about no single payment (settlements). Signed like every webhook, with the entity’s webhook_secret.',
  },
);
export type ReportWebhook = Static<typeof ReportWebhook>;
