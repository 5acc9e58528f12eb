/**
 * The v2 API schemas. See ../README.md for the conventions.
 *
 * Register every schema of `v2Schemas` with `fastify.addSchema()` before declaring routes,
 * then reference them from routes with `Ref(X)` from ../typebox (so the OpenAPI document shows
 * `$ref: '#/components/schemas/X'`), e.g.
 *
 *   for (const schema of v2Schemas) app.addSchema(schema);
 *   app.post('/v2/client-sessions', { schema: { body: Ref(ClientSessionApplication),
 *     response: { 201: Ref(ClientSession), 400: Ref(Problem) } } }, handler);
 */
import type { TSchema } from 'typebox';
import { Address, ShippingAddress } from './address';
import { OAuthTokenRequest, OAuthTokenResponse, SigningJwk, SigningJwks } from './auth';
import { PaymentSolution, ThreeDsAuthenticationOptions, Webhook, WebhookHeader } from './common';
import { Account, Customer } from './customer';
import { ApiError, FieldError, IdempotencyConflict, Problem } from './errors';
import {
  BrowserInfo,
  CardEntry,
  CreatePaymentRequest,
  NewAuthorizationCandidate,
  PaymentSplitEntry,
} from './create-payment';
import { Discount, ItemLine, OperationOrder, Order, Shipment } from './order';
import {
  Authentication,
  Authorization,
  AuthorizationPartnerTransaction,
  Card,
  OperationPartnerTransaction,
  Payment,
  PaymentAmounts,
  PaymentLinks,
  PaymentOperation,
  PaymentOverview,
  Redirection,
  SplitElement,
  ThreeDsOutcome,
} from './payment';
import { OperationRequest } from './operation';
import { VaultCardRequest, VaultCardResponse, VaultCardSummary } from './vault';
import {
  GiftCardBalanceRequest,
  GiftCardBalanceResponse,
  VaultGiftCardRequest,
  VaultGiftCardResponse,
  VaultGiftCardSummary,
} from './gift-card-vault';
import {
  AbortClientSessionRequest,
  ClientSession,
  ClientSessionApplication,
  ClientSessionLinks,
  ClientSessionWidget,
} from './session';
import { WebhookEvent, WebhookResource } from './webhook-event';
import { Dispute, DisputeEvidence, DisputeEvidenceRequest, EvidenceFile } from './dispute';
import {
  ReportTransaction,
  ReportTransactionPage,
  ReportWebhook,
  Settlement,
  SettlementDetails,
  SettlementLine,
  SettlementMismatch,
  SettlementPage,
} from './reports';

export * from './address';
export * from './auth';
export * from './common';
export * from './create-payment';
export * from './customer';
export * from './dispute';
export * from './errors';
export * from './gift-card-vault';
export * from './operation';
export * from './order';
export * from './payment';
export * from './primitives';
export * from './reports';
export * from './session';
export * from './vault';
export * from './webhook-event';

/** Every named v2 schema (each has an `$id`), to register with `fastify.addSchema()`. */
export const v2Schemas: readonly TSchema[] = [
  Address,
  ShippingAddress,
  Account,
  Customer,
  ItemLine,
  Shipment,
  Discount,
  Order,
  OperationOrder,
  ThreeDsAuthenticationOptions,
  WebhookHeader,
  Webhook,
  PaymentSolution,
  FieldError,
  Problem,
  IdempotencyConflict,
  ApiError,
  OAuthTokenRequest,
  OAuthTokenResponse,
  SigningJwk,
  SigningJwks,
  ThreeDsOutcome,
  Card,
  AuthorizationPartnerTransaction,
  OperationPartnerTransaction,
  Authorization,
  Authentication,
  Redirection,
  PaymentOverview,
  PaymentAmounts,
  PaymentOperation,
  SplitElement,
  PaymentLinks,
  EvidenceFile,
  DisputeEvidenceRequest,
  DisputeEvidence,
  Dispute,
  Payment,
  ClientSessionApplication,
  ClientSessionWidget,
  ClientSessionLinks,
  ClientSession,
  AbortClientSessionRequest,
  OperationRequest,
  CardEntry,
  BrowserInfo,
  PaymentSplitEntry,
  NewAuthorizationCandidate,
  CreatePaymentRequest,
  VaultCardRequest,
  VaultCardSummary,
  VaultCardResponse,
  VaultGiftCardRequest,
  VaultGiftCardSummary,
  VaultGiftCardResponse,
  GiftCardBalanceRequest,
  GiftCardBalanceResponse,
  ReportTransaction,
  ReportTransactionPage,
  Settlement,
  SettlementLine,
  SettlementMismatch,
  SettlementDetails,
  SettlementPage,
  ReportWebhook,
  WebhookResource,
  WebhookEvent,
];
