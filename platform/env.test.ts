import { afterEach, describe, expect, it } from 'vitest';
import { parseRateLimit, rateLimitFromEnvOr, trustProxyFromEnv } from './env';

const NAME = 'TESSERA_TEST_ENV_VALUE';
afterEach(() => {
  delete process.env[NAME];
});

describe('rate limits from the environment', () => {
  it('reads requests per window in seconds, minutes or hours', () => {
    expect(parseRateLimit('30/10m')).toEqual({ max: 30, windowMs: 600_000 });
    expect(parseRateLimit(' 5 / 30s ')).toEqual({ max: 5, windowMs: 30_000 });
    expect(parseRateLimit('1000/1h')).toEqual({ max: 1000, windowMs: 3_600_000 });
  });

  it('refuses what is not a limit, rather than running without one', () => {
    for (const raw of ['30', '30/10', '0/1m', '30/0m', '-1/1m', '30/1d', 'off', '1.5/1m']) {
      expect(parseRateLimit(raw), raw).toBeUndefined();
    }
    process.env[NAME] = '30 per minute';
    expect(() => rateLimitFromEnvOr(NAME, '1/1m')).toThrow(/30\/10m/);
  });

  it('falls back to the default when unset or empty', () => {
    expect(rateLimitFromEnvOr(NAME, '3/1s')).toEqual({ max: 3, windowMs: 1000 });
    process.env[NAME] = '';
    expect(rateLimitFromEnvOr(NAME, '3/1s')).toEqual({ max: 3, windowMs: 1000 });
  });
});

describe('trusted proxies from the environment', () => {
  it('believes no proxy unless told', () => {
    expect(trustProxyFromEnv(NAME)).toBe(false);
    process.env[NAME] = 'false';
    expect(trustProxyFromEnv(NAME)).toBe(false);
  });

  it('reads true or addresses, and refuses a hop count', () => {
    process.env[NAME] = 'true';
    expect(trustProxyFromEnv(NAME)).toBe(true);
    process.env[NAME] = '1';
    expect(() => trustProxyFromEnv(NAME)).toThrow(/not a hop count/);
    process.env[NAME] = '10.0.0.0/8, 127.0.0.1';
    expect(trustProxyFromEnv(NAME)).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
