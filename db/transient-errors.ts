// Whether a database error says "not now" rather than "no": the server is restarting, shutting
// down, out of connections, or unreachable, or the connection broke under the query. The same
// request succeeds once the database is back, so callers answer "retry" (503), never a 500.
// Seen by the fault matrix (test/faults) on every PostgreSQL restart: ECONNREFUSED while it is
// down, ECONNRESET or CONNECTION_CLOSED on pooled connections it closed, 57P03 while it starts.

/** postgres.js's own codes for a connection that could not be made or was lost. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * SQLSTATEs of the server: connection exceptions (class 08), admin or crash shutdown and "the
 * database system is starting up" (57P01-57P03), too many connections (53300).
 */
function isTransientSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

export function isTransientDatabaseError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  if (typeof code !== 'string') return false;
  if (connectionCodes.has(code)) return true;
  return (error as { name?: unknown }).name === 'PostgresError' && isTransientSqlState(code);
}
