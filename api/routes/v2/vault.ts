// POST /v2/vault/cards: the shopper's card in, a vault form token out. The hosted page and the
// widget call it from the shopper's browser (the widget on the merchant's page, another origin),
// so the vault routes alone (this one and those of ./gift-card-vault.ts) answer CORS preflights
// and carry CORS headers.
//
// Credentials, in this order:
// - `authorization: Bearer <access token>` with the payment-api scope (server side);
// - `x-api-key: sk_…`, the entity's secret API key (server side);
// - `x-api-key: pk_…`, the entity's publishable key from widget.data (browser). A publishable key
//   only ever reaches the vault routes (tokenize a card or a gift card, check a gift card's
//   balance): every other route looks x-api-key up among secret keys and refuses it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Sql } from '../../../db/connection';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import { vaultCard } from '../../../db/vault';
import { VAULT_FORM_TOKEN_TTL_SECONDS } from '../../../db/vault-tokens';
import { normalizeHolderName, validateCard } from '../../../domain/card';
import type { TesseraConfig } from '../../../platform/config';
import { authenticate, type Principal } from '../../auth/authenticate';
import type { KeyRing } from '../../auth/key-ring';
import { badRequest, HttpProblem } from '../../errors/problem';
import { VaultCardRequest, VaultCardResponse } from '../../schemas/v2';
import { Ref } from '../../schemas/typebox';
import { problemResponses, rateLimitedResponse } from '../schema-refs';
import { SMALL_BODY_LIMIT_BYTES } from '../../http-limits';
import type { AbuseLimits } from '../../rate-limits';

export const VAULT_CARDS_PATH = '/v2/vault/cards';
export const PUBLISHABLE_KEY_PREFIX = 'pk_';

interface Deps {
  sql: Sql;
  merchants: MerchantReads;
  keys: KeyRing;
  config: TesseraConfig;
  limits: AbuseLimits;
}

/** Who tokenizes: a server credential of the entity, or its publishable key (browser). */
export interface VaultCaller {
  entityId: string;
  via: Principal['via'] | 'publishable-key';
}

/**
 * Any origin may call (the widget runs on every merchant's site) and no credentials (cookies) are
 * involved, so `*` is right. Browsers cache a preflight for at most 2 hours (Chromium's cap).
 * Retry-After is exposed so that a page can tell the shopper when a 429 lets them try again
 * (references/limits in the docs): browsers hide it from other origins otherwise.
 */
export const vaultCorsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after',
} as const;
export const vaultPreflightHeaders = {
  ...vaultCorsHeaders,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, authorization, x-request-id',
  'access-control-max-age': '7200',
} as const;

/** What a 429 of a vault route means, in its OpenAPI description. */
export const vaultLimitsDescription =
  'with the publishable key, too many tokenizations and balance checks from this client address, or with this publishable key from any address (card testing); server credentials are not limited';

const unauthorized = (detail: string) =>
  new HttpProblem(401, 'unauthorized', detail, undefined, {
    headers: { 'www-authenticate': 'Bearer realm="tessera"' },
  });

/** The caller of a vault route: a server credential (payment-api scope) or a publishable key. */
export async function identifyVaultCaller(
  request: FastifyRequest,
  deps: Pick<Deps, 'merchants' | 'keys'>,
): Promise<VaultCaller> {
  const apiKey = request.headers['x-api-key'];
  const bearer = /^bearer\s/i.test(request.headers.authorization ?? '');
  if (!bearer && typeof apiKey === 'string' && apiKey.startsWith(PUBLISHABLE_KEY_PREFIX)) {
    const entityId = await deps.merchants.entityOfPublishableKey(apiKey);
    if (!entityId) throw unauthorized('the publishable key is invalid');
    return { entityId, via: 'publishable-key' };
  }
  const principal = await authenticate(request, deps, { scope: 'payment-api' });
  return { entityId: principal.entityId, via: principal.via };
}

/**
 * The caller of a tokenization or balance check, counted against the card-testing limits
 * (api/rate-limits.ts) once its key is known: an unknown key is refused without counting.
 */
export async function limitedVaultCaller(
  request: FastifyRequest,
  deps: Pick<Deps, 'merchants' | 'keys' | 'limits'>,
): Promise<VaultCaller> {
  const caller = await identifyVaultCaller(request, deps);
  await deps.limits.vault(request, caller);
  return caller;
}

/** onRequest hook of the vault routes: CORS headers on every answer, errors included. */
export const withVaultCors = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.headers(vaultCorsHeaders);
};

/**
 * The onRequest hooks of a vault route and how its handler reads the caller they identified. The
 * caller is identified (and counted against the limits) before the body is even parsed: a card or
 * a gift card from an unknown caller is never read.
 */
export function vaultCallerHooks(deps: Pick<Deps, 'merchants' | 'keys' | 'limits'>) {
  const callers = new WeakMap<FastifyRequest, VaultCaller>();
  return {
    onRequest: [
      withVaultCors,
      async (request: FastifyRequest) => {
        callers.set(request, await limitedVaultCaller(request, deps));
      },
    ],
    callerOf(request: FastifyRequest): VaultCaller {
      const caller = callers.get(request);
      if (!caller) throw new Error('vault route reached without its caller hooks');
      return caller;
    },
  };
}

/** The CORS preflight of a vault route: any origin, no credentials. */
export function registerVaultPreflight(app: FastifyInstance, path: string): void {
  app.options(path, { schema: { hide: true }, onRequest: withVaultCors }, async (_request, reply) =>
    reply.status(204).headers(vaultPreflightHeaders).send(),
  );
}

export function registerVaultRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { onRequest, callerOf } = vaultCallerHooks(deps);
  registerVaultPreflight(app, VAULT_CARDS_PATH);

  app.post(
    VAULT_CARDS_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      onRequest,
      schema: {
        summary: 'Tokenize a card',
        description:
          'Stores the card encrypted and answers a vault form token that stands for it in a payment split entry. ' +
          'Server side, authenticate with the secret `x-api-key` (or a Bearer access token with the payment-api scope); ' +
          'in the browser, send the publishable key from widget.data in `x-api-key` (`pk_…`): it can only tokenize cards. ' +
          `Any origin may call this endpoint (CORS, no credentials). The token must be used within ${VAULT_FORM_TOKEN_TTL_SECONDS / 60} minutes. ` +
          'Card rules: Luhn check, length per network (VISA 13, 16 or 19 digits; MASTERCARD 16; AMERICAN_EXPRESS 15), ' +
          'expiry "MM"/"YY" valid through the end of its month (UTC), CVV of 3 digits (4 for AMERICAN_EXPRESS), holder_name 2 to 45 characters. ' +
          'detected_brands lists CARTE_BANCAIRE first for a co-badged card (sandbox: numbers starting 40000025 or 55555525).',
        tags: ['Vault'],
        security: [{ apiKey: [] }, { oauth2: ['payment-api'] }],
        body: Ref(VaultCardRequest),
        response: {
          201: Ref(VaultCardResponse),
          ...problemResponses(400, 401, 403),
          ...rateLimitedResponse(vaultLimitsDescription),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const card = request.body;
      const errors = validateCard(card, new Date());
      if (errors.length > 0) throw badRequest('the card is invalid', errors);
      const holderName = normalizeHolderName(card.holder_name);
      const vaulted = await vaultCard(deps.sql, deps.config.encryptionKey, caller.entityId, {
        number: card.number,
        expiry_month: card.expiry_month,
        expiry_year: card.expiry_year,
        cvv: card.cvv,
        ...(holderName ? { holder_name: holderName } : {}),
      });
      request.log.info(
        { entity_id: caller.entityId, via: caller.via, brands: vaulted.card.detected_brands },
        'card vaulted',
      );
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ vault_form_token: vaulted.vault_form_token, card: vaulted.card });
    },
  );
}
