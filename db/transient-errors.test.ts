import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError } from './transient-errors';

const postgresError = (code: string) => Object.assign(new Error('server said'), { name: 'PostgresError', code });
const connectionError = (code: string) => Object.assign(new Error(code), { code });

describe('isTransientDatabaseError', () => {
  it('says "retry" for a database that is down, restarting or unreachable', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT'])
      expect(isTransientDatabaseError(connectionError(code))).toBe(true);
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001'])
      expect(isTransientDatabaseError(postgresError(code))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isTransientDatabaseError(postgresError('23505'))).toBe(false); // unique violation
    expect(isTransientDatabaseError(postgresError('42P01'))).toBe(false); // undefined table
    expect(isTransientDatabaseError(new Error('boom'))).toBe(false);
    expect(isTransientDatabaseError(connectionError('08006'))).toBe(false); // a SQLSTATE only from the server
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});
