// Builds the api process: every HTTP route, their schemas, auth and error shapes. Handlers start,
// update and query workflows; they never call partners themselves.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Client } from '@temporalio/client';
import type { DestinationStream } from 'pino';
import { startMerchantCache, type RunningMerchantCache } from '../db/cache/merchant-cache';
import type { Sql } from '../db/connection';
import type { TesseraConfig } from '../platform/config';
import { redactedPaths } from '../platform/logger';
import { AccessLog } from './access-log';
import { authenticationPlugin } from './auth/authenticate';
import { KeyRing } from './auth/key-ring';
import { registerOAuthRoute } from './auth/oauth-route';
import { answerFrameworkError, installErrorHandling, sendError } from './errors/error-handler';
import { documentRouteErrors } from './errors/documented-errors';
import { answerMethodNotAllowed } from './method-not-allowed';
import { answerClientError } from './errors/client-errors';
import { readStandardIdempotencyHeader } from './idempotency-key-header';
import { readBodiesByMediaType } from './media-types';
import { refuseUnfitText } from './unfit-text';
import { readPathUuidsInLowerCase } from './uuid-params';
import { registerOpenApi } from './openapi';
import { registerMetrics } from './metrics';
import { requestIdFor } from './request-id';
import { httpServerOptions } from './http-limits';
import { registerAbuseLimits } from './rate-limits';
import { installSecurityHeaders } from './security-headers';
import { v2Schemas } from './schemas/v2';
import { registerHealthRoute } from './routes/health';
import { registerClientSessionRoutes } from './routes/v2/client-sessions';
import { registerPaymentRoutes } from './routes/v2/payments';
import { registerShopperReturnRoutes } from './routes/v2/shopper-return';
import { findPartnerAccount } from '../db/partner-accounts';
import { registerSigningJwksRoute } from './routes/v2/signing-jwks';
import { registerCheckoutRoutes } from './routes/checkout/sessions';
import { registerSavedMethodRoutes } from './routes/checkout/saved-methods';
import { ClientSessionGateway } from './gateway/client-sessions';
import { PaymentGateway } from './gateway/payments';
import { SettlementGateway } from './gateway/settlements';
import { registerReportRoutes } from './routes/v2/reports';
import { partnersFor } from '../activities/partners-config';
import { registerVaultRoutes } from './routes/v2/vault';
import { registerGiftCardVaultRoutes } from './routes/v2/gift-card-vault';
import { registerV1NotificationKeyRoute } from './routes/v1/notification-public-key';
import { registerV1SessionRoutes } from './routes/v1/sessions';
import { registerV1TransactionRoutes } from './routes/v1/transactions';
import { v1Schemas } from './schemas/v1';
import { walletSchemas } from './schemas/wallet';
import { registerWalletRoutes } from './routes/wallet';
import { registerWebApp, webDistDir } from './web-app';
import { OperatorAccess } from './auth/operator';
import { registerTemporalCodecRoutes, TEMPORAL_CODEC_PATH } from './routes/operator/temporal-codec';
import { payloadCodecFor } from '../temporal/data-converter';

export interface ApiDependencies {
  config: TesseraConfig;
  sql: Sql;
  temporal: Client;
  /** Shared by tests that build several apps on one database; made here otherwise. */
  keys?: KeyRing;
  /** The cache of merchant reads; started on `sql` otherwise. Tests pass their own to watch it (and stop it). */
  merchantCache?: RunningMerchantCache;
  logLevel?: string;
  /** Where the api's log lines go; stdout otherwise. Tests capture them to prove what is never logged. */
  logStream?: DestinationStream;
  serveWebApp?: boolean;
  /** The built web app to serve (default web/dist); the e2e tests serve their own build. */
  webDistDir?: string;
}

export type Api = FastifyInstance;

export async function buildApi(deps: ApiDependencies): Promise<Api> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: redactedPaths, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: requestIdFor,
    logController: new AccessLog(),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...httpServerOptions(deps.config.http, deps.config.trustProxy),
    // Shoppers, merchants and tests retry; keep-alive connections should not hold shutdown forever.
    forceCloseConnections: 'idle',
    ajv: {
      customOptions: {
        // Money must arrive as JSON integers: "100" is refused rather than silently coerced.
        coerceTypes: false,
        allErrors: true,
        useDefaults: true,
        removeAdditional: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const keys = deps.keys ?? new KeyRing(deps.sql, deps.config.encryptionKey);

  readBodiesByMediaType(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  readStandardIdempotencyHeader(app);
  installSecurityHeaders(app, {
    https: deps.config.publicUrl.startsWith('https:'),
    distDir: deps.webDistDir ?? webDistDir,
  });

  for (const schema of [...v2Schemas, ...v1Schemas, ...walletSchemas]) app.addSchema(schema);
  installErrorHandling(app);
  // Before any route is registered: both watch every route as it is added.
  documentRouteErrors(app);
  answerMethodNotAllowed(app);
  refuseUnfitText(app);
  readPathUuidsInLowerCase(app);
  registerMetrics(app);
  await registerOpenApi(app, deps.config.publicUrl);
  // Which entity a key belongs to, entities and their contracts: read on most requests, kept in
  // memory while PostgreSQL notifies every change (db/cache/merchant-cache.ts).
  const merchantCache = deps.merchantCache ?? startMerchantCache(deps.sql, app.log);
  if (!deps.merchantCache) app.addHook('onClose', () => merchantCache.stop());
  const merchants = merchantCache.reads;
  await app.register(authenticationPlugin, { merchants, keys });
  const limits = await registerAbuseLimits(app, { sql: deps.sql, limits: deps.config.rateLimits });

  registerOAuthRoute(app, {
    sql: deps.sql,
    merchants,
    keys,
    limits,
    accessTokenTtlSeconds: deps.config.accessTokenTtlSeconds,
  });
  registerHealthRoute(app, {
    sql: deps.sql,
    temporal: deps.temporal,
    taskQueue: deps.config.taskQueue,
    namespace: deps.config.temporalNamespace,
  });
  // Every route reaches the workflows through these, whichever API it serves.
  const gateway = { sql: deps.sql, merchants, temporal: deps.temporal, config: deps.config };
  const payments = new PaymentGateway(gateway);
  const clientSessions = new ClientSessionGateway(gateway, payments);
  const settlements = new SettlementGateway(gateway);
  const { webhookPrivateAddresses } = deps.config;
  registerClientSessionRoutes(app, { clientSessions, webhookPrivateAddresses });
  registerPaymentRoutes(app, { payments, webhookPrivateAddresses });
  registerReportRoutes(app, { sql: deps.sql, encryptionKey: deps.config.encryptionKey, webhookPrivateAddresses });
  registerShopperReturnRoutes(app, {
    keys,
    partners: partnersFor(deps.config),
    partnerAccount: (entityId, partner) => findPartnerAccount(deps.sql, deps.config.encryptionKey, entityId, partner),
    clientSessions,
    payments,
    settlements,
  });
  registerSigningJwksRoute(app, { keys });
  registerCheckoutRoutes(app, { merchants, keys, clientSessions, payments });
  registerSavedMethodRoutes(app, {
    sql: deps.sql,
    merchants,
    keys,
    encryptionKey: deps.config.encryptionKey,
    clientSessions,
  });
  registerVaultRoutes(app, { sql: deps.sql, merchants, keys, config: deps.config, limits });
  registerGiftCardVaultRoutes(app, { sql: deps.sql, merchants, keys, config: deps.config, limits });
  registerV1NotificationKeyRoute(app, { sql: deps.sql, encryptionKey: deps.config.encryptionKey });
  const v1 = {
    sql: deps.sql,
    merchants,
    config: deps.config,
    partners: partnersFor(deps.config),
    clientSessions,
    payments,
  };
  registerV1SessionRoutes(app, v1);
  registerV1TransactionRoutes(app, v1);
  registerWalletRoutes(app, { sql: deps.sql, merchants, keys, config: deps.config });
  registerTemporalCodecRoutes(app, {
    codec: payloadCodecFor(deps.config),
    operators: new OperatorAccess(
      deps.config.operatorToken,
      TEMPORAL_CODEC_PATH,
      deps.config.publicUrl.startsWith('https:'),
    ),
    uiOrigins: deps.config.temporalUiOrigins,
  });

  const webApp =
    deps.serveWebApp === false
      ? null
      : await registerWebApp(app, { distDir: deps.webDistDir ?? webDistDir, publicUrl: deps.config.publicUrl });
  app.setNotFoundHandler((request, reply) => {
    // A page address gets its page (or the not-found page, 404); an API path, or a missing asset
    // (a .js, a .png), gets the API's 404, so a script tag pointing at it fails visibly.
    if (webApp?.sendPage(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? '/';
    return sendError(request, reply, {
      status: 404,
      code: 'not_found',
      detail: `no route for ${request.method} ${path}`,
    });
  });
  return app;
}
