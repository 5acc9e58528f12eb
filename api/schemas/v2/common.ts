import { Type, type Static } from 'typebox';
import {
  CHALLENGE_EXEMPTIONS,
  CHALLENGE_INDICATORS,
  DEFAULT_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
} from '../../../domain/enums';
import {
  RESERVED_WEBHOOK_HEADER_NAMES,
  RESERVED_WEBHOOK_HEADER_PREFIXES,
  WEBHOOK_HEADER_VALUE_PATTERN,
} from '../../../domain/validation/webhook-headers';
import { Ref, StringEnum } from '../typebox';
import { HttpUrl, MethodName, PartnerName } from './primitives';

export const ThreeDsAuthenticationOptions = Type.Object(
  {
    challenge_indicator: Type.Optional(
      StringEnum(CHALLENGE_INDICATORS, {
        description:
          'Whether the merchant asks the issuer for a 3-D Secure challenge. ' +
          'Must be CHALLENGE_REQUESTED_BY_MERCHANT when allow_future_usage is true.',
        examples: ['CHALLENGE_REQUESTED_BY_MERCHANT'],
      }),
    ),
    challenge_exemption: Type.Optional(
      StringEnum(CHALLENGE_EXEMPTIONS, {
        description:
          'PSD2 exemption the merchant claims to avoid a challenge. Not allowed when allow_future_usage is true.',
        examples: ['LOW_VALUE'],
      }),
    ),
  },
  {
    $id: 'ThreeDsAuthenticationOptions',
    description: 'The merchant’s wishes for 3-D Secure authentication of a card payment.',
  },
);
export type ThreeDsAuthenticationOptions = Static<typeof ThreeDsAuthenticationOptions>;

export const WebhookHeader = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
      description:
        'HTTP header name (case-insensitive). Not one Tessera or its HTTP client sets: ' +
        `${RESERVED_WEBHOOK_HEADER_NAMES.join(', ')}, nor any starting with ` +
        `${RESERVED_WEBHOOK_HEADER_PREFIXES.join(' or ')}; those answer 400.`,
      examples: ['Authorization'],
    }),
    values: Type.Array(
      Type.String({
        maxLength: 4096,
        pattern: WEBHOOK_HEADER_VALUE_PATTERN,
        description:
          'Printable characters up to U+00FF and tabs: no CR, LF, NUL or other control character, which HTTP does not allow in a header.',
      }),
      {
        minItems: 1,
        description: 'One or more values, sent as one header line joined by ", " (RFC 9110 list syntax).',
        examples: [['Bearer 8f1c2e']],
      },
    ),
  },
  { $id: 'WebhookHeader', description: 'A header Tessera adds to each webhook delivery.' },
);
export type WebhookHeader = Static<typeof WebhookHeader>;

export const Webhook = Type.Object(
  {
    url: HttpUrl({
      description: 'Where Tessera POSTs the notifications (http or https).',
      examples: ['https://shop.example.com/hooks/tessera'],
    }),
    event_types: Type.Optional(
      Type.Array(StringEnum(WEBHOOK_EVENT_TYPES), {
        minItems: 1,
        uniqueItems: true,
        default: [...DEFAULT_WEBHOOK_EVENT_TYPES],
        description: 'Events to notify. PAYMENT by default.',
        examples: [['PAYMENT', 'CAPTURE']],
      }),
    ),
    headers: Type.Optional(Type.Array(Ref(WebhookHeader), { description: 'Extra headers sent with each delivery.' })),
  },
  { $id: 'Webhook', description: 'An endpoint of the merchant notified of changes of the session or payment.' },
);
export type Webhook = Static<typeof Webhook>;

export const PaymentSolution = Type.Object(
  { partner: PartnerName(), method: MethodName() },
  { $id: 'PaymentSolution', description: 'A partner and one of its payment methods.' },
);
export type PaymentSolution = Static<typeof PaymentSolution>;
