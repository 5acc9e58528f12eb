// The embedded database for `npm start`: PGlite (Postgres compiled to WASM) behind the Postgres
// wire protocol, so the very same postgres.js code runs with nothing installed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { holdingExtendedExchanges } from './embedded-exchanges';
import { relayingNotifications } from './embedded-notifications';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  host?: string;
}): Promise<EmbeddedDatabase> {
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir);
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({
    db: holdingExtendedExchanges(relayingNotifications(db)),
    host,
    port: options.port,
    maxConnections: 64,
  });
  await server.start();
  return {
    url: `postgres://postgres:postgres@${host}:${options.port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
