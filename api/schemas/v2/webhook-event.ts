// The body of every webhook Tessera posts to a merchant: one envelope for every event type, its
// `data` the resource as GET shows it at that version. Documented in the v2 OpenAPI document's
// `webhooks` section and used as the delivery activity's type, so both say the same.
import { Type, type Static } from 'typebox';
import { ALL_WEBHOOK_EVENT_TYPES } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { Payment } from './payment';
import { DateTime, Uuid } from './primitives';
import { ClientSession } from './session';
import { Settlement } from './reports';

export const WebhookResource = Type.Object(
  {
    type: StringEnum(['client_session', 'payment', 'settlement'] as const, { description: 'What the event is about.' }),
    id: Uuid({ description: 'The client session, payment or settlement id.' }),
    version: Type.Integer({
      minimum: 1,
      description: 'Grows with every change of the resource: keep the highest you have seen, events may be retried.',
    }),
  },
  { $id: 'WebhookResource', description: 'The resource an event is about, at one version.' },
);

export const WebhookEvent = Type.Object(
  {
    id: Uuid({ description: 'Stable across retries of the same event: deduplicate on it.' }),
    event_type: StringEnum(ALL_WEBHOOK_EVENT_TYPES, { examples: ['PAYMENT'] }),
    created_at: DateTime({ description: 'When the change happened.' }),
    entity_id: Uuid(),
    resource: Ref(WebhookResource),
    related: Type.Optional(
      Type.Object(
        {
          operation_id: Type.Optional(
            Uuid({ description: 'The capture, void or refund an operation-level event is about.' }),
          ),
          partner_transaction_id: Type.Optional(
            Uuid({ description: 'The partner transaction a partner-level event is about.' }),
          ),
          dispute_id: Type.Optional(Uuid({ description: 'The dispute a DISPUTE_ event is about.' })),
        },
        { description: 'For operation, partner transaction and dispute events: which one.' },
      ),
    ),
    data: Type.Union([Ref(Payment), Ref(ClientSession), Ref(Settlement)], {
      description:
        'The payment (resource.type payment), the client session (client_session) at this version, or the settlement as your entity sees it (settlement).',
    }),
  },
  {
    $id: 'WebhookEvent',
    description:
      'A webhook notification, posted as JSON with the headers tessera-signature (t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with the entity webhook secret), tessera-event-id, tessera-event-type and tessera-delivery-attempt. Answer 2xx within 10 s; anything else is retried with backoff for up to 3 days, in order per resource.',
  },
);
export type WebhookEvent = Static<typeof WebhookEvent>;
