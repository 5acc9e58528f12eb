// Who calls v1, and for which entity. Session creation and transactions take a Bearer token or the
// secret API key (the auth plugin checks them, api/auth/authenticate.ts); init and validate run in
// the shopper's browser and take an API key only: the publishable key, or the secret one.
import type { FastifyRequest } from 'fastify';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import { principalOf } from '../../auth/authenticate';
import { HttpProblem } from '../../errors/problem';
import { PUBLISHABLE_KEY_PREFIX } from '../v2/vault';

const unauthorized = (detail: string) => new HttpProblem(401, 'unauthorized', detail);

/** The entity of the path, when the caller's credential is that entity's; any other is told it does not exist. */
export function assertEntity(callerEntityId: string, pathEntityId: string): void {
  if (callerEntityId !== pathEntityId) {
    throw new HttpProblem(404, 'entity_not_found', 'entity not found', undefined, {
      apiErrorCode: 'ENTITY_NOT_FOUND_ERROR',
    });
  }
}

/** A route with an `auth` config: the authenticated principal's entity must be the path's. */
export function entityOfPrincipal(request: FastifyRequest, pathEntityId: string): string {
  const { entityId } = principalOf(request);
  assertEntity(entityId, pathEntityId);
  return entityId;
}

/** init and validate: the x-api-key header, publishable (pk_) or secret, of the path's entity. */
async function entityOfApiKeyCaller(
  request: FastifyRequest,
  merchants: MerchantReads,
  pathEntityId: string,
): Promise<string> {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey !== 'string' || apiKey.length === 0)
    throw unauthorized('init and validate take an API key in x-api-key: the publishable key (pk_…) or the secret one');
  const entityId = apiKey.startsWith(PUBLISHABLE_KEY_PREFIX)
    ? await merchants.entityOfPublishableKey(apiKey)
    : await merchants.entityOfApiKey(apiKey);
  if (!entityId) throw unauthorized('the API key is invalid');
  assertEntity(entityId, pathEntityId);
  return entityId;
}

const apiKeyCallers = new WeakMap<FastifyRequest, string>();

/**
 * onRequest hook of init and validate: the API key is checked before the body is read, so a caller
 * without one is told only that (401), as on every other call.
 */
export function authenticateApiKeyCaller(merchants: MerchantReads) {
  return async (request: FastifyRequest) => {
    const { entity } = request.params as { entity?: string };
    apiKeyCallers.set(request, await entityOfApiKeyCaller(request, merchants, entity ?? ''));
  };
}

/** The entity authenticateApiKeyCaller found for this request. */
export function apiKeyCallerOf(request: FastifyRequest): string {
  const entityId = apiKeyCallers.get(request);
  if (entityId === undefined) throw new Error(`v1 route ${request.routeOptions.url} has no API key hook`);
  return entityId;
}
