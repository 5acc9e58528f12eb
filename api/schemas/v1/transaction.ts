/**
 * Init, validate, transaction operations and their results: Status, PluginResult, ActionResult,
 * InitResult, ClientAction. Amounts in answers are major-unit numbers (25.99); amounts in bodies
 * are numbers or numeric strings, converted by the route with domain/decimal-amount.ts.
 */
import { Type, type Static } from 'typebox';
import { Ref, StringEnum } from '../typebox';
import { V1_ACTIONS, V1_STATES, V1_STATUS_CODES } from './enums';
import { V1OperationOrder } from './order';
import {
  V1CurrencyCode,
  V1DateTime,
  V1DecimalInput,
  V1DecimalOutput,
  V1HttpUrl,
  V1Method,
  V1Partner,
  V1Text,
  V1Uuid,
} from './primitives';

const opt = Type.Optional;
const StepId = () =>
  opt(V1Text({ description: 'Identifier of a step of a multi-step method, echoed back.', examples: ['step-1'] }));

export const V1PaymentData = Type.Object(
  {
    token: opt(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description:
          'The means of payment: a vault form token (vft_…, from card entry) or a gift card vault token (vgt_…). ' +
          'Required by card and gift card methods; redirect methods (wallet, instalments) have none.',
        examples: ['vft_3sPq…'],
      }),
    ),
    holder: opt(V1Text({ description: 'Name of the holder.' })),
  },
  { $id: 'V1PaymentData', description: 'Payment data of a solution application. Never a card number.' },
);
export type V1PaymentData = Static<typeof V1PaymentData>;

export const V1DefaultSessionSolutionApplication = Type.Object(
  {
    partner: V1Partner(),
    method: V1Method(),
    amount: opt(
      V1DecimalInput({ description: 'Part of the session amount for this solution; the whole amount when absent.' }),
    ),
    payment_data: opt(Ref(V1PaymentData)),
    step_id: StepId(),
  },
  {
    $id: 'V1DefaultSessionSolutionApplication',
    description: 'Body of session init: prepares one solution (InitRequest).',
  },
);
export type V1DefaultSessionSolutionApplication = Static<typeof V1DefaultSessionSolutionApplication>;

export const V1ValidateSessionSolutionApplication = Type.Object(
  {
    partner: V1Partner(),
    method: V1Method(),
    amount: V1DecimalInput({ description: 'Part of the session amount paid with this solution, in major units.' }),
    payment_data: opt(Ref(V1PaymentData)),
    step_id: StepId(),
  },
  {
    $id: 'V1ValidateSessionSolutionApplication',
    description: 'One solution of a validate call: pays `amount` with it.',
  },
);
export type V1ValidateSessionSolutionApplication = Static<typeof V1ValidateSessionSolutionApplication>;

export const V1ValidateSessionRequest = Type.Array(Ref(V1ValidateSessionSolutionApplication), {
  $id: 'V1ValidateSessionRequest',
  minItems: 1,
  maxItems: 10,
  description: 'Body of validate: the solutions paying the session (several for a split payment, gift card first).',
});
export type V1ValidateSessionRequest = Static<typeof V1ValidateSessionRequest>;

export const V1Status = Type.Object(
  {
    action: StringEnum(V1_ACTIONS, { examples: ['AUTHORIZE'] }),
    state: StringEnum(V1_STATES, {
      description: 'What happened at the partner; the mapping is in the v1 documentation.',
      examples: ['SUCCESS'],
    }),
    code: StringEnum(V1_STATUS_CODES, {
      description: 'Why: SUCCEEDED, or the reason of a refusal.',
      examples: ['SUCCEEDED'],
    }),
    description: opt(
      Type.String({ description: 'Human-readable detail, usually the partner’s.', examples: ['Approved'] }),
    ),
  },
  { $id: 'V1Status' },
);
export type V1Status = Static<typeof V1Status>;

export const V1PluginResult = Type.Object(
  {
    amount: V1DecimalOutput({ description: 'Amount of the transaction in major units.' }),
    currency_code: V1CurrencyCode(),
    status: Type.String({ description: 'The partner’s own status code, as it gave it.', examples: ['APPROVED'] }),
    partner_reference: opt(
      Type.String({ description: 'The partner’s id of the transaction.', examples: ['sbx_ch_9Jd82kq'] }),
    ),
    token: opt(Type.String({ description: 'Reusable partner token, when the shopper agreed to future usage.' })),
  },
  { $id: 'V1PluginResult', description: 'What the partner answered.' },
);
export type V1PluginResult = Static<typeof V1PluginResult>;

export const V1ActionResult = Type.Object(
  {
    id: V1Uuid({ deprecated: true, description: 'Deprecated: same value as transaction_id.' }),
    transaction_id: V1Uuid({ description: 'The partner transaction; CAPTURE, VOID and REFUND paths take it.' }),
    session_id: opt(
      V1Uuid({
        description:
          'The session paid; absent for a server-to-server transaction (PUT /{entity}/transactions/{action}).',
      }),
    ),
    entity_id: V1Uuid(),
    partner: V1Partner(),
    method: V1Method(),
    date: V1DateTime({ description: 'When the transaction last changed.' }),
    status: Ref(V1Status),
    plugin_result: Ref(V1PluginResult),
    parent_transaction_id: opt(
      V1Uuid({ description: 'The authorization a CAPTURE or VOID acts on; the capture a REFUND gives back.' }),
    ),
    step_id: StepId(),
  },
  { $id: 'V1ActionResult', description: 'One partner transaction: an authorization, capture, void or refund.' },
);
export type V1ActionResult = Static<typeof V1ActionResult>;

export const V1InitResult = Type.Object(
  {
    partner: V1Partner(),
    method: V1Method(),
    session_id: opt(V1Uuid({ description: 'The session prepared; absent at a point of sale, which has none.' })),
    transaction_id: opt(V1Uuid({ description: 'Present when the init created a partner transaction.' })),
    date: V1DateTime(),
    status: Ref(V1Status),
    plugin_result: Ref(V1PluginResult),
    step_id: StepId(),
  },
  {
    $id: 'V1InitResult',
    description:
      'Answer of session init (and of point-of-sale init, where plugin_result.amount is the gift card’s available balance). ' +
      'status.action is AUTHORIZE: init prepares the authorization.',
  },
);
export type V1InitResult = Static<typeof V1InitResult>;

export const V1Redirection = Type.Object(
  {
    href: V1HttpUrl({ description: 'Where to send the shopper.' }),
    method: StringEnum(['GET', 'POST'] as const, { examples: ['POST'] }),
    media_type: opt(Type.String({ examples: ['application/x-www-form-urlencoded'] })),
    body: opt(Type.String({ description: 'Body to POST, encoded as media_type says.' })),
  },
  { $id: 'V1Redirection', description: 'Where the shopper must go next (3-D Secure challenge, lender page).' },
);
export type V1Redirection = Static<typeof V1Redirection>;

export const V1ClientAction = Type.Object(
  {
    global_status: StringEnum(V1_STATES, {
      description:
        'SUCCESS: every solution succeeded; CUSTOMER: the shopper must follow redirection; WAITING or UNCERTAIN: the outcome comes by notification; ' +
        'ERROR: at least one solution failed (HTTP 207 when others succeeded, 409 when all failed).',
      examples: ['SUCCESS'],
    }),
    results: Type.Array(Ref(V1ActionResult), {
      description: 'The AUTHORIZE result of each solution, in the order given.',
    }),
    redirection: opt(Ref(V1Redirection)),
  },
  { $id: 'V1ClientAction', description: 'Answer of validate: 200, 207 (mixed) or 409 (all failed).' },
);
export type V1ClientAction = Static<typeof V1ClientAction>;

export const V1ServerToServerTransaction = Type.Object(
  {
    partner: V1Partner(),
    method: V1Method(),
    amount: V1DecimalInput({ description: 'Amount to authorize (or to take, with capture), in major units.' }),
    payment_data: Ref(V1PaymentData),
    order: Type.Object(
      {
        reference: Type.Union([V1Text({ minLength: 1 }), Type.Integer()], { examples: ['ORD-2025-000123'] }),
        currency_code: V1CurrencyCode(),
        redirection: opt(
          V1HttpUrl({
            description: 'Where the shopper returns from a partner page (3-D Secure), if the transaction needs one.',
          }),
        ),
      },
      { description: 'The order paid: its currency is needed to read the decimal amount.' },
    ),
    step_id: StepId(),
  },
  {
    $id: 'V1ServerToServerTransaction',
    description:
      'Body of PUT /{entity}/transactions/{authorize|capture} without a session: a ValidateSessionSolutionApplication plus the order it pays. capture authorizes and captures at once.',
  },
);
export type V1ServerToServerTransaction = Static<typeof V1ServerToServerTransaction>;

export const V1DefaultPaymentApplication = Type.Object(
  {
    amount: V1DecimalInput({ description: 'Amount to capture, void or refund, in major units.' }),
    order: opt(Ref(V1OperationOrder)),
  },
  {
    $id: 'V1DefaultPaymentApplication',
    description:
      'Body of POST /{entity}/transactions/{transaction}/{action}. The x-idempotency-key header replays the first answer for 14 days.',
  },
);
export type V1DefaultPaymentApplication = Static<typeof V1DefaultPaymentApplication>;
