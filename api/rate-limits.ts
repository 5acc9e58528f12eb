// Abuse limits, on @fastify/rate-limit with its counters in the application's database
// (db/rate-limit-counters.ts): the api runs as several processes behind a load balancer, and an
// in-memory count per process would let a card tester spread over N processes get N times the
// budget, more or less at random. A PostgreSQL round trip costs little beside what a vault call
// already writes. The plugin's own 429 is not used: the limits throw an HttpProblem, so the answer
// has the error shape of its route (api/errors/error-handler.ts) and the route's CORS headers.
//
// Defaults (platform/config.ts; README's configuration table names the variables):
// - Vault with a publishable key, per client address: 30 per 10 minutes. A shopper's checkout
//   takes 1 to 3 calls (a card; a gift card, its balance, a card for the rest), a few more after a
//   typo or a refusal, and a household or an office shares an address; a card tester from one
//   address is held to 3 numbers a minute.
// - The same calls per publishable key, from any address: 600 per 10 minutes. A shop taking 30
//   card checkouts a minute (over 40,000 a day) stays below it; a distributed tester that rotates
//   addresses is held to one number a second for the whole shop.
// - Failed token requests per client id: 10 per 15 minutes. A server with a wrong secret fails
//   every request anyway; a guesser gets 40 tries an hour against a 256-bit secret. Counting per
//   client id means whoever knows one could lock it; client ids live on the merchant's servers,
//   unlike publishable keys, and a locked client keeps the tokens it already has (an hour each).
// Server credentials (secret key, Bearer) are not limited on the vault: they are the merchant's
// own servers, which may tokenize for many shoppers from one address.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { Sql } from '../db/connection';
import { hitCounter, readCounter, sweepCounters } from '../db/rate-limit-counters';
import type { RateLimit, RateLimits } from '../platform/config';
import { HttpProblem } from './errors/problem';

/** How often one api process deletes ended windows. Several processes doing it is harmless. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/** IPv6 clients are counted per /64: one subscriber usually holds a whole /64. */
const IPV6_SUBNET = 64;

export interface AbuseLimits {
  /** Counts a vault call; throws 429 when its client address or publishable key is over its limit. */
  vault(request: FastifyRequest, caller: { entityId: string; via: string }): Promise<void>;
  /** Throws 429 while a client id is over its limit of failed token requests; counts nothing. */
  refuseLockedClient(request: FastifyRequest, clientId: string): Promise<void>;
  /** Counts a failed token request of a client id. */
  countTokenFailure(request: FastifyRequest, clientId: string): Promise<void>;
}

function storeOn(sql: Sql) {
  // The plugin builds its store with `new`; the database is given through this closure.
  return class PostgresRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hitCounter(sql, key, timeWindow).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      readCounter(sql, key).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child() {
      return this;
    }
  };
}

const tooMany = (detail: string, retryAfterSeconds: number) =>
  new HttpProblem(429, 'rate_limited', `${detail}; retry after ${retryAfterSeconds} s`, undefined, {
    headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  });

/** A client id as a counter key: bounded in length whatever a caller sends, and not in clear. */
const clientKey = (clientId: string) => createHash('sha256').update(clientId).digest('hex').slice(0, 32);

export async function registerAbuseLimits(
  app: FastifyInstance,
  deps: { sql: Sql; limits: RateLimits },
): Promise<AbuseLimits> {
  await app.register(rateLimit, {
    global: false,
    store: storeOn(deps.sql),
    // A counter the database cannot give fails the request (500) rather than waving it through:
    // the call would need the same database a moment later anyway.
    skipOnError: false,
    ipv6Subnet: IPV6_SUBNET,
  });

  /** One limit: `subject` names who is counted (an address, an entity, a client id's hash). */
  const limiter = (name: string, limit: RateLimit) => {
    const subjects = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${name}:${subjects.get(request) ?? ''}`,
    });
    return (request: FastifyRequest, subject: string, options?: { increment: boolean }) => {
      subjects.set(request, subject);
      return check(request, options);
    };
  };
  const vaultPerIp = limiter('vault-ip', deps.limits.vaultPerIp);
  const vaultPerKey = limiter('vault-key', deps.limits.vaultPerPublishableKey);
  const tokenFailures = limiter('token-failures', deps.limits.tokenFailuresPerClient);

  const sweep = setInterval(() => {
    sweepCounters(deps.sql).catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return {
    async vault(request, caller) {
      if (caller.via !== 'publishable-key') return;
      const [perIp, perKey] = await Promise.all([
        vaultPerIp(request, normalizeIP(request.ip, IPV6_SUBNET)),
        vaultPerKey(request, caller.entityId),
      ]);
      const exceeded = [perIp, perKey].filter((result) => !result.isAllowed && result.isExceeded);
      if (exceeded.length === 0) return;
      const retryAfter = Math.max(...exceeded.map((result) => (result.isAllowed ? 0 : result.ttlInSeconds)));
      const perAddress = exceeded.includes(perIp);
      request.log.warn(
        { entity_id: caller.entityId, limit: perAddress ? 'vault-ip' : 'vault-key', retry_after: retryAfter },
        'vault rate limit exceeded',
      );
      throw tooMany(
        perAddress
          ? 'too many cards tokenized from this address'
          : 'too many cards tokenized with this publishable key',
        retryAfter,
      );
    },
    async refuseLockedClient(request, clientId) {
      const state = await tokenFailures(request, clientKey(clientId), { increment: false });
      // The window holds `max` failures: the next request is refused until the window ends.
      if (state.isAllowed || state.remaining > 0) return;
      request.log.warn(
        { retry_after: state.ttlInSeconds },
        'token requests refused: too many failures for this client',
      );
      throw tooMany('too many failed token requests for this client id', state.ttlInSeconds);
    },
    async countTokenFailure(request, clientId) {
      await tokenFailures(request, clientKey(clientId));
    },
  };
}
