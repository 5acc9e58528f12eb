// The gift card vault, beside the card vault (./vault.ts) and under its rules: same credentials
// (Bearer with payment-api, secret x-api-key, or the publishable key from the browser), CORS for
// any origin, authentication before the body is read, nothing of the gift card in logs.
//
// - POST /v2/vault/gift-cards: number and PIN in, a `vgt_…` vault form token out. A payment split
//   entry with partner sandbox-giftcard, method giftcard carries that token.
// - POST /v2/vault/gift-cards/balance: what the gift card behind a token can pay now, so that the
//   hosted page can say "your gift card covers X, pay the rest by card".
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import type { Sql } from '../../../db/connection';
import { vaultGiftCard } from '../../../db/gift-card-vault';
import { VAULT_FORM_TOKEN_TTL_SECONDS } from '../../../db/vault-tokens';
import { partnersFor } from '../../../activities/partners-config';
import type { PartnerRegistry } from '../../../partners';
import type { TesseraConfig } from '../../../platform/config';
import type { KeyRing } from '../../auth/key-ring';
import {
  GiftCardBalanceRequest,
  GiftCardBalanceResponse,
  VaultGiftCardRequest,
  VaultGiftCardResponse,
} from '../../schemas/v2';
import { Ref } from '../../schemas/typebox';
import { problemResponses, rateLimitedResponse } from '../schema-refs';
import { SMALL_BODY_LIMIT_BYTES } from '../../http-limits';
import type { AbuseLimits } from '../../rate-limits';
import { giftCardBalance } from '../../gift-card-balance';
import { registerVaultPreflight, vaultCallerHooks, vaultLimitsDescription } from './vault';

export const VAULT_GIFT_CARDS_PATH = '/v2/vault/gift-cards';
export const GIFT_CARD_BALANCE_PATH = '/v2/vault/gift-cards/balance';

interface Deps {
  sql: Sql;
  merchants: MerchantReads;
  keys: KeyRing;
  config: TesseraConfig;
  limits: AbuseLimits;
  /** Built from the config when not given. */
  partners?: PartnerRegistry;
}

const credentials =
  'Server side, authenticate with the secret `x-api-key` (or a Bearer access token with the payment-api scope); in the browser, send the publishable key from widget.data in `x-api-key` (`pk_…`). Any origin may call this endpoint (CORS, no credentials).';

export function registerGiftCardVaultRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const partners = deps.partners ?? partnersFor(deps.config);
  const { onRequest, callerOf } = vaultCallerHooks(deps);
  for (const path of [VAULT_GIFT_CARDS_PATH, GIFT_CARD_BALANCE_PATH]) registerVaultPreflight(app, path);

  app.post(
    VAULT_GIFT_CARDS_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      onRequest,
      schema: {
        summary: 'Tokenize a gift card',
        description:
          'Stores the gift card (number and optional PIN) encrypted and answers a vault form token (`vgt_…`) that stands for it in a payment split entry ' +
          '(partner `sandbox-giftcard`, method `giftcard`) and in a balance check. ' +
          `${credentials} The token must be used within ${VAULT_FORM_TOKEN_TTL_SECONDS / 60} minutes. ` +
          'The gift card is not checked with its partner here: POST /v2/vault/gift-cards/balance does that.',
        tags: ['Vault'],
        security: [{ apiKey: [] }, { oauth2: ['payment-api'] }],
        body: Ref(VaultGiftCardRequest),
        response: {
          201: Ref(VaultGiftCardResponse),
          ...problemResponses(400, 401, 403),
          ...rateLimitedResponse(vaultLimitsDescription),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const vaulted = await vaultGiftCard(deps.sql, deps.config.encryptionKey, caller.entityId, {
        number: request.body.number,
        ...(request.body.pin !== undefined ? { pin: request.body.pin } : {}),
      });
      request.log.info({ entity_id: caller.entityId, via: caller.via }, 'gift card vaulted');
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ vault_form_token: vaulted.vault_form_token, gift_card: vaulted.gift_card });
    },
  );

  app.post(
    GIFT_CARD_BALANCE_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      onRequest,
      schema: {
        summary: 'Check a gift card’s balance',
        description:
          'Asks the gift card partner what the gift card behind a vault form token can pay now, without moving money and without using the token up ' +
          '(a payment may still use it within its lifetime). ' +
          `${credentials} ` +
          'An unknown or expired token, a gift card the partner does not know, a wrong PIN or a currency the entity’s gift card contract does not accept answer 400 ' +
          'with the pointer of the field to fix; 503 when the partner does not answer (try again).',
        tags: ['Vault'],
        security: [{ apiKey: [] }, { oauth2: ['payment-api'] }],
        body: Ref(GiftCardBalanceRequest),
        response: {
          200: Ref(GiftCardBalanceResponse),
          ...problemResponses(400, 401, 403, 503),
          ...rateLimitedResponse(vaultLimitsDescription),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const currency = request.body.currency ?? 'EUR';
      const { balance, partner, lastFourDigits } = await giftCardBalance(
        { sql: deps.sql, merchants: deps.merchants, encryptionKey: deps.config.encryptionKey, partners },
        caller.entityId,
        request.body.vault_form_token,
        currency,
      );
      request.log.info({ entity_id: caller.entityId, via: caller.via, partner }, 'gift card balance checked');
      return reply.header('cache-control', 'no-store').send({
        balance: balance.active ? balance.balance : 0,
        currency,
        active: balance.active,
        gift_card: { last_four_digits: lastFourDigits },
      });
    },
  );
}
