// A customer's saved tokens. The calls with a wallet session in their path (list, add, favorite,
// delete) answer 404 when the session is expired, unknown, or another customer's or merchant's;
// those the browser makes (list, favorite, delete) also take the publishable key and answer CORS.
// The calls without a session (delete, status) are the merchant's back end's, at any time.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { WALLET_TOKEN_STATUSES } from '../../../domain/enums';
import {
  addWalletToken,
  deleteWalletToken,
  findLiveWalletSession,
  listWalletTokens,
  setFavoriteWalletToken,
  updateWalletTokenStatus,
  type WalletOwner,
} from '../../../db/wallet';
import { badRequest, HttpProblem } from '../../errors/problem';
import { Ref, StringEnum } from '../../schemas/typebox';
import { WalletToken, WalletTokenAddRequest, WalletTokenStatusUpdateRequest } from '../../schemas/wallet';
import { authenticateWalletCaller, resolveWalletMerchant, walletCallerOf, type WalletAudience } from './callers';
import {
  ApiErrors,
  SessionParams,
  SessionTokenParams,
  TokenParams,
  tokenProjection,
  WalletHeaders,
  walletPreflightHeaders,
  walletRouteConfig,
  walletSecurity,
  withWalletCors,
} from './common';
import { tokenExpiration, tokenPaymentIdErrors } from './inputs';
import type { WalletDeps } from './sessions';

const notFound = (what: string) =>
  new HttpProblem(404, 'not_found', `${what} not found`, undefined, { apiErrorCode: 'NOT_FOUND' });

const ListQuery = Type.Object({
  status: Type.Optional(
    StringEnum(WALLET_TOKEN_STATUSES, { description: 'Only the tokens of this status; both when absent.' }),
  ),
  vault: Type.Optional(
    StringEnum(['true', 'false'] as const, {
      description:
        'true: include each token’s `value` and `pin_code`. Server credentials only: the publishable key is refused (403).',
    }),
  ),
});

export function registerWalletTokenRoutes(parent: FastifyInstance, deps: WalletDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const key = deps.config.encryptionKey;
  const hooksFor = (audience: WalletAudience) => ({
    onRequest:
      audience === 'server'
        ? [authenticateWalletCaller(deps, audience)]
        : [withWalletCors, authenticateWalletCaller(deps, audience)],
    preHandler: resolveWalletMerchant(deps),
  });

  /** The owner of a session path, once the session is known to be live and theirs at this merchant. */
  async function sessionOwner(
    request: FastifyRequest,
    params: { customer_id: string; wallet_session_id: string },
  ): Promise<WalletOwner> {
    const owner = { entityId: walletCallerOf(request).entityId, ownerReference: params.customer_id };
    if (!(await findLiveWalletSession(deps.sql, owner, params.wallet_session_id))) throw notFound('wallet session');
    return owner;
  }

  const ownerOf = (request: FastifyRequest, params: { customer_id: string }): WalletOwner => ({
    entityId: walletCallerOf(request).entityId,
    ownerReference: params.customer_id,
  });

  for (const url of [
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/tokens',
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/tokens/:token_id',
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/token/:token_id/favorite',
  ]) {
    app.options(url, { schema: { hide: true }, onRequest: withWalletCors }, async (_request, reply) =>
      reply.status(204).headers(walletPreflightHeaders).send(),
    );
  }

  app.get(
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/tokens',
    {
      config: walletRouteConfig,
      ...hooksFor('server-or-browser'),
      schema: {
        summary: 'List a customer’s tokens',
        description:
          'The tokens that have not expired, the favorite first, then the newest. `value` and `pin_code` only with `vault=true` and a server credential. ' +
          'The browser may call with the publishable key (CORS allowed).',
        tags: ['Wallet tokens'],
        security: walletSecurity,
        headers: WalletHeaders,
        params: SessionParams,
        querystring: ListQuery,
        response: { 200: Type.Array(Ref(WalletToken)), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = walletCallerOf(request);
      const reveal = request.query.vault === 'true';
      if (reveal && caller.via === 'publishable-key') {
        throw new HttpProblem(
          403,
          'forbidden',
          'vault=true needs a server credential: the publishable key never reads token values',
          undefined,
          { apiErrorCode: 'FORBIDDEN' },
        );
      }
      const owner = await sessionOwner(request, request.params);
      const tokens = await listWalletTokens(deps.sql, key, owner, { status: request.query.status, reveal });
      return reply.header('cache-control', 'no-store').send(tokens.map((token) => tokenProjection(token, caller)));
    },
  );

  app.post(
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/tokens',
    {
      config: walletRouteConfig,
      ...hooksFor('server'),
      schema: {
        summary: 'Add a token',
        description:
          'Saves a partner token, ACTIVE and not favorite. `token` and `pin_code` are stored encrypted and never logged. ' +
          'A uniqueness_token the customer already holds at this merchant answers 409 ALREADY_EXISTS (an expired token holding it is replaced). ' +
          'expiration_date: a date means the end of that day, UTC; a date already past is accepted, and such a token is never listed. Server credentials only.',
        tags: ['Wallet tokens'],
        security: walletSecurity,
        headers: WalletHeaders,
        params: SessionParams,
        body: Ref(WalletTokenAddRequest),
        response: { 201: Ref(WalletToken), ...ApiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const expiration = tokenExpiration(body.expiration_date);
      const errors = [
        ...(expiration.ok ? [] : [{ pointer: '/expiration_date', detail: expiration.error }]),
        ...tokenPaymentIdErrors(body.payment_id),
      ];
      if (!expiration.ok || errors.length > 0) throw badRequest('the request is invalid', errors);
      const owner = await sessionOwner(request, request.params);
      const added = await addWalletToken(deps.sql, key, owner, {
        value: body.token,
        expirationDate: expiration.value,
        brandName: body.description.brand_name,
        displayToken: body.description.display_token,
        holderName: body.description.holder_name,
        partner: body.payment_id.partner,
        method: body.payment_id.method,
        uniquenessToken: body.uniqueness_token,
        pinCode: body.pin_code,
        reason: body.reason,
      });
      if (added.status === 'duplicate') {
        throw new HttpProblem(
          409,
          'already_exists',
          'this customer already holds a token with this uniqueness_token',
          undefined,
          { apiErrorCode: 'ALREADY_EXISTS' },
        );
      }
      request.log.info(
        { wallet_token_id: added.token.id, partner: added.token.partner, method: added.token.method },
        'wallet token added',
      );
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(tokenProjection(added.token, walletCallerOf(request)));
    },
  );

  app.patch(
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/token/:token_id/favorite',
    {
      config: walletRouteConfig,
      ...hooksFor('server-or-browser'),
      schema: {
        summary: 'Make a token the favorite',
        description:
          'One favorite per customer and merchant: the previous one is no longer. 400 when the token does not exist (or has expired), is INACTIVE or is already the favorite. ' +
          'The browser may call with the publishable key (CORS allowed).',
        tags: ['Wallet tokens'],
        security: walletSecurity,
        headers: WalletHeaders,
        params: SessionTokenParams,
        response: { 200: Ref(WalletToken), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = await sessionOwner(request, request.params);
      const result = await setFavoriteWalletToken(deps.sql, key, owner, request.params.token_id);
      if (result.status === 'not_found')
        throw badRequest('the token does not exist', [
          { pointer: '/params/token_id', detail: 'no such token in this wallet' },
        ]);
      if (result.status === 'already_favorite')
        throw badRequest('the token is already the favorite', [
          { pointer: '/params/token_id', detail: 'is already the favorite' },
        ]);
      if (result.status === 'inactive')
        throw badRequest('the token is INACTIVE', [
          { pointer: '/params/token_id', detail: 'is INACTIVE: only an ACTIVE token can be the favorite' },
        ]);
      return reply.header('cache-control', 'no-store').send(tokenProjection(result.token, walletCallerOf(request)));
    },
  );

  const deleteHandler = async (request: FastifyRequest, owner: WalletOwner, tokenId: string) => {
    if (!(await deleteWalletToken(deps.sql, owner, tokenId))) throw notFound('token');
    request.log.info({ wallet_token_id: tokenId }, 'wallet token deleted');
  };

  app.delete(
    '/wallet/v2/:customer_id/tokens/:token_id',
    {
      config: walletRouteConfig,
      ...hooksFor('server'),
      schema: {
        summary: 'Delete a token',
        description:
          'Deletes the token, expired or not. Server credentials; the browser deletes through a wallet session instead.',
        tags: ['Wallet tokens'],
        security: walletSecurity,
        headers: WalletHeaders,
        params: TokenParams,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteHandler(request, ownerOf(request, request.params), request.params.token_id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/wallet/v2/:customer_id/sessions/:wallet_session_id/tokens/:token_id',
    {
      config: walletRouteConfig,
      ...hooksFor('server-or-browser'),
      schema: {
        summary: 'Delete a token through a wallet session',
        description:
          'The same as DELETE /wallet/v2/{customer_id}/tokens/{token_id}, for the browser: the publishable key may call it (CORS allowed) while the session lives.',
        tags: ['Wallet tokens'],
        security: walletSecurity,
        headers: WalletHeaders,
        params: SessionTokenParams,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = await sessionOwner(request, request.params);
      await deleteHandler(request, owner, request.params.token_id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/wallet/v2/:customer_id/tokens/:token_id/status',
    {
      config: walletRouteConfig,
      ...hooksFor('server'),
      schema: {
        summary: 'Change a token’s status',
        description:
          'ACTIVE or INACTIVE; the reason is kept for the audit trail. An expired token answers 404 (it can only be deleted). Server credentials only.',
        tags: ['Wallet tokens'],
        security: walletSecurity,
        headers: WalletHeaders,
        params: TokenParams,
        body: Ref(WalletTokenStatusUpdateRequest),
        response: { 200: Ref(WalletToken), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const token = await updateWalletTokenStatus(
        deps.sql,
        key,
        ownerOf(request, request.params),
        request.params.token_id,
        request.body,
      );
      if (!token) throw notFound('token');
      return reply.header('cache-control', 'no-store').send(tokenProjection(token, walletCallerOf(request)));
    },
  );
}
