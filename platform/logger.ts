import pino from 'pino';

// Anything that can carry a credential or card data is redacted wherever it appears in a log line,
// so a careless `log.info({ req })` cannot leak it.
export const redactedPaths = [
  'authorization',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'client_secret',
  '*.client_secret',
  'access_token',
  '*.access_token',
  'api_key',
  '*.api_key',
  'number',
  '*.number',
  'cvv',
  '*.cvv',
  'pin',
  '*.pin',
  'vault_form_token',
  '*.vault_form_token',
  'secret',
  '*.secret',
];

export function createLogger(name: string) {
  return pino({
    name,
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    redact: { paths: redactedPaths, censor: '[redacted]' },
  });
}

export type Logger = ReturnType<typeof createLogger>;
