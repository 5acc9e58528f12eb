export function intFromEnvOr(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** At most `max` requests per window of `windowMs`; the window starts with the first request. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `30/10m`: 30 per 10 minutes (units s, m, h). */
export function parseRateLimit(raw: string): RateLimit | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(raw);
  if (!match) return undefined;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * (units[match[3]!] ?? 0);
  if (max < 1 || windowMs < 1) return undefined;
  return { max, windowMs };
}

export function rateLimitFromEnvOr(name: string, fallback: string): RateLimit {
  const raw = process.env[name] || fallback;
  const limit = parseRateLimit(raw);
  if (!limit)
    throw new Error(`${name} must read like 30/10m (at least 1 request per window of s, m or h), got "${raw}"`);
  return limit;
}

/**
 * Fastify's trustProxy: unset or `false` believes no x-forwarded-for (the api faces the clients);
 * `true` believes any peer; otherwise the proxies' addresses or CIDRs, comma-separated. A hop count
 * is refused: Fastify cannot check the peer with one and would silently believe no proxy.
 */
export function trustProxyFromEnv(name: string): boolean | string {
  const raw = (process.env[name] ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw))
    throw new Error(`${name} takes the proxies' addresses or CIDRs (e.g. 10.0.0.0/8), not a hop count`);
  return raw;
}
