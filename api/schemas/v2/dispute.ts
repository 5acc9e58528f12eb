// Disputes (chargebacks) as a payment shows them, and the merchant's evidence.
import { Type, type Static } from 'typebox';
import { DISPUTE_REASONS, DISPUTE_STATUSES, EVIDENCE_STATUSES } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { CurrencyCode, DateTime, HttpUrl, MethodName, PartnerName, PositiveMinorUnits, Uuid } from './primitives';

/** The longest evidence text: enough for a full statement, small enough to travel with the payment. */
export const EVIDENCE_TEXT_MAX_LENGTH = 20_000;
export const EVIDENCE_FILES_MAX = 20;

export const EvidenceFile = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'What the file is, as the partner’s reviewer should read it.',
      examples: ['delivery-receipt-ORDER-4001.pdf'],
    }),
    url: HttpUrl({
      description:
        'Where the partner fetches it (http or https): a link to your own storage, valid until the dispute is decided.',
      examples: ['https://files.shop.example/disputes/ORDER-4001/receipt.pdf'],
    }),
  },
  { $id: 'EvidenceFile', description: 'A document of the evidence, by reference: Tessera never stores its content.' },
);
export type EvidenceFile = Static<typeof EvidenceFile>;

export const DisputeEvidenceRequest = Type.Object(
  {
    text: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: EVIDENCE_TEXT_MAX_LENGTH,
        description:
          'The merchant’s statement: what was sold, when and how it was delivered, what the shopper agreed to.',
        examples: ['The order was delivered on 2026-05-02 to the billing address; the shopper signed for it.'],
      }),
    ),
    files: Type.Optional(
      Type.Array(Ref(EvidenceFile), {
        maxItems: EVIDENCE_FILES_MAX,
        description: 'Documents backing the statement (receipts, delivery proofs, correspondence).',
      }),
    ),
  },
  {
    $id: 'DisputeEvidenceRequest',
    description: 'Evidence for a dispute: a text, file references, or both (at least one).',
  },
);
export type DisputeEvidenceRequest = Static<typeof DisputeEvidenceRequest>;

export const DisputeEvidence = Type.Object(
  {
    id: Uuid({ description: 'Id of this submission; also in the x-created-evidence-id header of its answer.' }),
    status: StringEnum(EVIDENCE_STATUSES, {
      description:
        'SENDING while Tessera forwards it to the partner (re-sent until the partner answers), SENT once the partner has it, REFUSED when the partner would not take it (refusal_reason says why; evidence may be sent again).',
      examples: ['SENT'],
    }),
    submitted_at: DateTime(),
    updated_at: DateTime(),
    text: Type.Optional(Type.String({ description: 'The statement, as submitted.' })),
    files: Type.Array(Ref(EvidenceFile)),
    refusal_reason: Type.Optional(Type.String({ description: 'Why the partner refused it.' })),
  },
  { $id: 'DisputeEvidence', description: 'What the merchant submitted for a dispute, and where it stands.' },
);
export type DisputeEvidence = Static<typeof DisputeEvidence>;

export const Dispute = Type.Object(
  {
    id: Uuid({ description: 'Tessera’s id of the dispute.' }),
    partner_transaction_id: Uuid({
      description: 'The authorization partner transaction whose captured money is disputed.',
    }),
    partner: PartnerName(),
    method: MethodName(),
    partner_reference: Type.String({ description: 'The partner’s id of the dispute.', examples: ['dsp_5c1f0e9b'] }),
    reason: StringEnum(DISPUTE_REASONS, {
      description: 'Why the shopper’s bank disputes the payment, in the card schemes’ families of reason codes.',
      examples: ['FRAUDULENT'],
    }),
    amount: PositiveMinorUnits({ description: 'Disputed amount, in minor units.' }),
    currency: CurrencyCode(),
    status: StringEnum(DISPUTE_STATUSES, {
      description:
        'NEEDS_RESPONSE: the partner waits for evidence until evidence_due_at; UNDER_REVIEW: evidence sent, the shopper’s bank decides; WON: the money stays with the merchant; LOST: it was taken back (a chargeback, counted in amounts.total_charged_back).',
      examples: ['NEEDS_RESPONSE'],
    }),
    partner_status: Type.Optional(Type.String({ description: 'Status as the partner reported it.' })),
    partner_status_description: Type.Optional(Type.String({ description: 'The partner’s explanation of its status.' })),
    evidence_due_at: DateTime({ description: 'Evidence must reach the partner before this instant.' }),
    created_at: DateTime({ description: 'When Tessera heard of the dispute.' }),
    updated_at: DateTime(),
    closed_at: Type.Optional(DateTime({ description: 'When it was decided (WON or LOST).' })),
    evidence: Type.Optional(Ref(DisputeEvidence)),
  },
  {
    $id: 'Dispute',
    description:
      'A dispute (chargeback) the shopper’s bank opened on captured money. While it is open, the disputed amount cannot be refunded.',
  },
);
export type Dispute = Static<typeof Dispute>;
