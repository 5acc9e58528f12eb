// One place that reads the environment, so every process (api, worker, scripts) agrees on defaults.
// Embedded defaults make `npm start` work with nothing configured.
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { intFromEnvOr as intFromEnv, rateLimitFromEnvOr, trustProxyFromEnv, type RateLimit } from './env';

export type { RateLimit };

/**
 * True in the compiled entries of a production build (scripts/build.ts bundles this module into
 * dist/<entry>.js); false from source, under tsx and Vitest.
 */
export const runsCompiled = !import.meta.filename.endsWith('.ts');

/**
 * The folder holding package.json, which every runtime path starts from (db/migrations, web/dist,
 * the prebuilt workflow bundle): the repository from source, where this file sits in platform/;
 * the build's output folder when compiled, where the bundles sit one or two folders below the
 * package.json scripts/build.ts writes there (the Docker image's /app).
 */
export const projectRoot = findPackageRoot(import.meta.dirname);

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const dataDir = process.env.TESSERA_DATA_DIR ?? join(projectRoot, '.data');

export interface TesseraConfig {
  port: number;
  host: string;
  /** Origin shoppers and merchants reach us on; used in links, widget js_url and redirect URLs. */
  publicUrl: string;
  databaseUrl: string | undefined;
  temporalAddress: string;
  temporalNamespace: string;
  taskQueue: string;
  /** 32 bytes: AES-256-GCM key for secrets, vaulted cards and signing keys at rest. */
  encryptionKey: Buffer;
  /**
   * The key Temporal payloads are encrypted with (temporal/payload-codec.ts); unset, one derived
   * from encryptionKey. platform/payload-keys.ts tells how keys rotate.
   */
  payloadKey?: Buffer;
  /** More keys payloads may be decrypted with: the previous ones after a rotation, or the next one. */
  payloadDecryptionKeys: Buffer[];
  /** What operators present to the codec endpoint; unset (a build without it), nobody gets in. */
  operatorToken?: string;
  /** Origins of the Temporal UI that may call the codec endpoint from a browser (CORS). */
  temporalUiOrigins: string[];
  sandboxPartnersUrl: string;
  /** Shared with the sandbox partner network, which signs its notifications with it. */
  sandboxNotificationSecret: string;
  /** Stripe's API (STRIPE_API_URL): api.stripe.com, or stripe-mock in tests. Keys are per entity. */
  stripeApiUrl: string;
  sessionTtlSeconds: number;
  /** How long a wallet session (POST /wallet/v2/session) gives access to one customer's tokens. */
  walletSessionTtlSeconds: number;
  accessTokenTtlSeconds: number;
  webhookRetryInitialIntervalMs: number;
  /**
   * Whether webhooks may go to addresses that are not public (loopback, private networks,
   * link-local: platform/outbound-addresses.ts). TESSERA_WEBHOOK_PRIVATE_ADDRESSES; `refuse` in a
   * production build, `allow` from source, where receivers under test listen on 127.0.0.1.
   */
  webhookPrivateAddresses: WebhookPrivateAddresses;
  /**
   * How far apart partners' clocks may be from Tessera's when a settlement's period is held against
   * Tessera's transactions (domain/settlement-matching.ts missingLineWindow).
   */
  settlementClockMarginMs: number;
  /** Abuse limits of the api; api/rate-limits.ts says why the defaults are what they are. */
  rateLimits: RateLimits;
  /** The api's HTTP server limits; api/http-limits.ts says why. */
  http: HttpLimits;
  /** Which proxies' x-forwarded-for the api believes for the client address (Fastify's trustProxy). */
  trustProxy: boolean | string;
}

export type WebhookPrivateAddresses = 'allow' | 'refuse';

function webhookPrivateAddressesFromEnv(): WebhookPrivateAddresses {
  const value = process.env.TESSERA_WEBHOOK_PRIVATE_ADDRESSES;
  if (value === undefined || value === '') return runsCompiled ? 'refuse' : 'allow';
  if (value === 'allow' || value === 'refuse') return value;
  throw new Error(`TESSERA_WEBHOOK_PRIVATE_ADDRESSES must be allow or refuse, not ${value}`);
}

export interface RateLimits {
  /** Card and gift card tokenizations (and balance checks) with a publishable key, per client IP. */
  vaultPerIp: RateLimit;
  /** The same calls per publishable key, from any number of addresses. */
  vaultPerPublishableKey: RateLimit;
  /** Failed POST /oauth/token requests per client id. */
  tokenFailuresPerClient: RateLimit;
}

export interface HttpLimits {
  /** Largest request body; the vault and token routes accept much less (api/http-limits.ts). */
  bodyLimitBytes: number;
  /** Time a client has to send a whole request (headers and body), not to get its answer. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open: longer than the load balancer's. */
  keepAliveTimeoutMs: number;
}

/**
 * Without TESSERA_ENCRYPTION_KEY, a key is generated once into the data folder so that the
 * embedded set-up survives restarts. Production sets the variable (base64 of 32 bytes).
 */
function loadEncryptionKey(): Buffer {
  const fromEnv = process.env.TESSERA_ENCRYPTION_KEY;
  if (fromEnv) return keyFromBase64('TESSERA_ENCRYPTION_KEY', fromEnv);
  // A key generated inside a deployment would differ between the api's and the workers' containers
  // and vanish with them (or with the next build, under dist/.data): production must set it.
  if (runsCompiled) throw new Error('TESSERA_ENCRYPTION_KEY is required (base64 of 32 random bytes)');
  return Buffer.from(generatedSecret('encryption.key'), 'base64');
}

function keyFromBase64(name: string, value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${name} must be base64 of exactly 32 bytes`);
  return key;
}

/**
 * The operator token of the codec endpoint (api/routes/operator/temporal-codec.ts). From source a
 * token is generated into the data folder like the key; a build without the variable serves no
 * operator access at all rather than one guessed or printed somewhere.
 */
function loadOperatorToken(): string | undefined {
  const fromEnv = process.env.TESSERA_OPERATOR_TOKEN;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TESSERA_OPERATOR_TOKEN must be at least 32 characters long');
    return fromEnv;
  }
  if (runsCompiled) return undefined;
  return generatedSecret('operator.token');
}

/** The file's contents, after writing 32 random bytes (base64) into it unless it exists. */
function generatedSecret(name: string): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Written aside and linked into place: a second process starting at the same moment (a test
    // worker, the worker beside the api) either wins the link or reads the first one's whole secret.
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(aside, randomBytes(32).toString('base64'), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    } finally {
      unlinkSync(aside);
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** Where the operators' Temporal UI runs: the codec endpoint's CORS admits these origins only. */
function temporalUiOrigins(): string[] {
  const raw = process.env.TESSERA_TEMPORAL_UI_ORIGINS ?? 'http://127.0.0.1:8233,http://localhost:8233';
  return raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter((origin) => origin !== '');
}

let cached: TesseraConfig | undefined;

export function loadConfig(): TesseraConfig {
  if (cached) return cached;
  const port = intFromEnv('PORT', 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const operatorToken = loadOperatorToken();
  cached = {
    port,
    host,
    publicUrl: (process.env.TESSERA_PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    databaseUrl: process.env.DATABASE_URL || undefined,
    temporalAddress: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    temporalNamespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue: process.env.TESSERA_TASK_QUEUE ?? 'tessera',
    encryptionKey: loadEncryptionKey(),
    ...(process.env.TESSERA_PAYLOAD_KEY
      ? { payloadKey: keyFromBase64('TESSERA_PAYLOAD_KEY', process.env.TESSERA_PAYLOAD_KEY) }
      : {}),
    payloadDecryptionKeys: (process.env.TESSERA_PAYLOAD_DECRYPTION_KEYS ?? '')
      .split(',')
      .filter((value) => value.trim() !== '')
      .map((value) => keyFromBase64('each key of TESSERA_PAYLOAD_DECRYPTION_KEYS', value)),
    ...(operatorToken ? { operatorToken } : {}),
    temporalUiOrigins: temporalUiOrigins(),
    sandboxPartnersUrl: (process.env.SANDBOX_PARTNERS_URL ?? 'http://127.0.0.1:4010').replace(/\/$/, ''),
    sandboxNotificationSecret: process.env.SANDBOX_NOTIFICATION_SECRET ?? 'tessera-sandbox-notification-secret',
    stripeApiUrl: (process.env.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/$/, ''),
    sessionTtlSeconds: intFromEnv('TESSERA_SESSION_TTL_SECONDS', 24 * 3600),
    walletSessionTtlSeconds: intFromEnv('TESSERA_WALLET_SESSION_TTL_SECONDS', 30 * 60),
    accessTokenTtlSeconds: intFromEnv('TESSERA_ACCESS_TOKEN_TTL_SECONDS', 3600),
    webhookRetryInitialIntervalMs: intFromEnv('TESSERA_WEBHOOK_RETRY_INITIAL_MS', 10_000),
    webhookPrivateAddresses: webhookPrivateAddressesFromEnv(),
    // domain/settlement-matching.ts DEFAULT_SETTLEMENT_CLOCK_MARGIN_MS.
    settlementClockMarginMs: intFromEnv('TESSERA_SETTLEMENT_CLOCK_MARGIN_MS', 5 * 60 * 1000),
    rateLimits: {
      vaultPerIp: rateLimitFromEnvOr('TESSERA_RATE_LIMIT_VAULT_PER_IP', '30/10m'),
      vaultPerPublishableKey: rateLimitFromEnvOr('TESSERA_RATE_LIMIT_VAULT_PER_KEY', '600/10m'),
      tokenFailuresPerClient: rateLimitFromEnvOr('TESSERA_RATE_LIMIT_TOKEN_FAILURES', '10/15m'),
    },
    http: {
      bodyLimitBytes: intFromEnv('TESSERA_BODY_LIMIT_BYTES', 1024 * 1024),
      requestTimeoutMs: intFromEnv('TESSERA_REQUEST_TIMEOUT_MS', 30_000),
      keepAliveTimeoutMs: intFromEnv('TESSERA_KEEP_ALIVE_TIMEOUT_MS', 72_000),
    },
    trustProxy: trustProxyFromEnv('TESSERA_TRUST_PROXY'),
  };
  return cached;
}

/** Tests build configs explicitly instead of through the environment. */
export function configFor(overrides: Partial<TesseraConfig>): TesseraConfig {
  return { ...loadConfig(), ...overrides };
}
