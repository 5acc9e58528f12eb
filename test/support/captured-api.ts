// A second api on a stack's database and Temporal whose every log line, down to trace level, is
// captured: tests then prove that no secret or card data ever reaches the logs.
import type { DestinationStream } from 'pino';
import { KeyRing } from '../../api/auth/key-ring';
import { buildApi, type Api } from '../../api/server';
import type { Stack } from './stack';

export async function apiWithCapturedLogs(stack: Stack): Promise<{ api: Api; lines: string[] }> {
  const lines: string[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(line) };
  const api = await buildApi({
    config: stack.config,
    sql: stack.sql,
    temporal: stack.temporal,
    keys: new KeyRing(stack.sql, stack.config.encryptionKey),
    logLevel: 'trace',
    logStream: stream,
    serveWebApp: false,
  });
  return { api, lines };
}
