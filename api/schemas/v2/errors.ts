import { Type, type Static } from 'typebox';
import { Ref, StringEnum } from '../typebox';
import { DateTime, Uuid } from './primitives';

export const FieldError = Type.Object(
  {
    detail: Type.String({
      description: 'What is wrong with the field.',
      examples: ['must be at least the payment amount (2599)'],
    }),
    pointer: Type.String({
      description: 'JSON Pointer (RFC 6901) to the offending field of the request body; "" for the body as a whole.',
      examples: ['/order/net_amount'],
    }),
  },
  { $id: 'FieldError', description: 'One invalid field of a request.' },
);
export type FieldError = Static<typeof FieldError>;

const problemProperties = {
  type: Type.String({
    format: 'uri-reference',
    description: 'URI identifying the kind of problem; its last segment is the `error` code.',
    examples: ['https://tessera.dev/problems/invalid-request'],
  }),
  title: Type.String({ description: 'Short summary of the kind of problem.', examples: ['Bad Request'] }),
  status: Type.Integer({ minimum: 100, maximum: 599, description: 'HTTP status code.', examples: [400] }),
  detail: Type.String({
    description: 'What went wrong with this request.',
    examples: ['The request body is invalid.'],
  }),
  instance: Type.String({
    format: 'uri-reference',
    description: 'The request path this problem is about.',
    examples: ['/v2/client-sessions'],
  }),
  error: Type.String({
    description: 'Machine-readable code of the problem, stable across releases; `type` is the same code as a URI.',
    examples: [
      'invalid_request',
      'idempotency_conflict',
      'not_found',
      'unauthorized',
      'insufficient_scope',
      'temporarily_unavailable',
    ],
  }),
  errors: Type.Optional(
    Type.Array(Ref(FieldError), { description: 'Every invalid field found, when the body was invalid.' }),
  ),
  request_id: Type.String({
    description: 'Identifier of the request (also in the x-request-id header), for support.',
    examples: ['req-7f3a9c2b'],
  }),
};

export const Problem = Type.Object(problemProperties, {
  $id: 'Problem',
  description: 'An error answer of the v2 API (RFC 9457 problem details, media type application/problem+json).',
});
export type Problem = Static<typeof Problem>;

export const IdempotencyConflict = Type.Object(
  {
    ...problemProperties,
    resource_id: Uuid({ description: 'The payment or operation already created with this idempotency key.' }),
  },
  {
    $id: 'IdempotencyConflict',
    description:
      'Answer 409 to a request repeating an idempotency key: a problem naming the resource already processed.',
  },
);
export type IdempotencyConflict = Static<typeof IdempotencyConflict>;

export const API_ERROR_CODES = [
  'FORBIDDEN',
  'INTERNAL_SERVER_ERROR',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'NOT_IMPLEMENTED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'NO_SUCH_EXPERIENCE',
  'EXPERIENCE_NOT_ELIGIBLE',
  'UNAUTHORIZED_OUTGOING_CALL',
  'AUTHORIZE_NOT_ALLOWED',
  'PLUGIN_UNHANDLED_ERROR',
  'PLUGIN_WORKFLOW_ERROR',
  'PLUGIN_INPUT_ERROR',
  'CREATE_ROOT_ENTITY_ERROR',
  'ENTITY_SHOULD_HAVE_NAME_ERROR',
  'ENTITY_SHOULD_HAVE_PARENT_ERROR',
  'ENTITY_NOT_FOUND_ERROR',
  'TRANSACTION_NOT_FOUND_ERROR',
  'SESSION_ALREADY_SUBMITTED_ERROR',
  'CREDIT_ALREADY_COMMITTED_ERROR',
  'CREDIT_NOT_COMMITTED',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const ApiError = Type.Object(
  {
    timestamp: DateTime({ description: 'When the error happened.' }),
    error_code: StringEnum(API_ERROR_CODES, { examples: ['BAD_REQUEST'] }),
    message: Type.String({ examples: ['owner_reference is required'] }),
    request_id: Type.String({ examples: ['req-7f3a9c2b'] }),
    status: Type.Integer({ minimum: 100, maximum: 599, examples: [400] }),
    path: Type.String({ examples: ['/wallet/v2/session'] }),
    error: Type.String({ description: 'Reason phrase of the HTTP status.', examples: ['Bad Request'] }),
  },
  { $id: 'ApiError', description: 'Error answer of the wallet API and the v1 API.' },
);
export type ApiError = Static<typeof ApiError>;
