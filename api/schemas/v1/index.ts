/**
 * The API v1 schemas (deprecated API; its guide is web/src/docs/content/integrate/api-v1/). Conventions
 * as in ../README.md; every component name starts with `V1` so that they share Fastify's schema
 * store with v2's and the wallet's.
 *
 * The route author registers them once, before the v1 routes, and wraps each route schema in
 * `v1RouteSchema` (./route-schema.ts) so the operation is marked deprecated:
 *
 *   for (const schema of v1Schemas) app.addSchema(schema);
 *   app.post('/payment/v1/:entity/transactions/:transaction/:action', {
 *     schema: v1RouteSchema({ body: Ref(V1DefaultPaymentApplication),
 *       response: { 200: Ref(V1ActionResult), 400: Ref(V1ApiError) } }) }, handler);
 *
 * Decimal amounts pass the schema as numbers or numeric strings; convert them with
 * domain/decimal-amount.ts and answer its error as a 400 BAD_REQUEST naming the field.
 */
import type { TSchema } from 'typebox';
import { V1ApiError } from './errors';
import {
  V1Account,
  V1AdditionalAttributes,
  V1Address,
  V1Adjustment,
  V1Customer,
  V1ItemLine,
  V1OperationOrder,
  V1Order,
  V1Shipment,
  V1TaxLine,
} from './order';
import { V1DefaultCapturePosRequest, V1DefaultInitPosRequest } from './pos';
import {
  V1CreateSessionApplication,
  V1Protocol,
  V1Protocols,
  V1SessionProtocols,
  V1SessionRedirection,
  V1Settings,
} from './session';
import {
  V1ActionResult,
  V1ClientAction,
  V1DefaultPaymentApplication,
  V1ServerToServerTransaction,
  V1DefaultSessionSolutionApplication,
  V1InitResult,
  V1PaymentData,
  V1PluginResult,
  V1Redirection,
  V1Status,
  V1ValidateSessionRequest,
  V1ValidateSessionSolutionApplication,
} from './transaction';

export * from './enums';
export * from './errors';
export * from './order';
export * from './pos';
export * from './primitives';
export * from './route-schema';
export * from './session';
export * from './transaction';

/** Every named v1 schema (each has an `$id`), referenced ones before those referring to them. */
export const v1Schemas: readonly TSchema[] = [
  V1ApiError,
  V1Address,
  V1Account,
  V1AdditionalAttributes,
  V1Customer,
  V1TaxLine,
  V1ItemLine,
  V1Shipment,
  V1Adjustment,
  V1Order,
  V1OperationOrder,
  V1CreateSessionApplication,
  V1Settings,
  V1Protocol,
  V1Protocols,
  V1SessionRedirection,
  V1SessionProtocols,
  V1PaymentData,
  V1DefaultSessionSolutionApplication,
  V1ValidateSessionSolutionApplication,
  V1ValidateSessionRequest,
  V1Status,
  V1PluginResult,
  V1ActionResult,
  V1InitResult,
  V1Redirection,
  V1ClientAction,
  V1DefaultPaymentApplication,
  V1ServerToServerTransaction,
  V1DefaultInitPosRequest,
  V1DefaultCapturePosRequest,
];
