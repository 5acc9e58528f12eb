// A PostgreSQL server of a test's own, which it may stop, restart or crash at will: the Debian
// cluster (scripts/ensure-postgres.sh) is shared with everybody's tests and must never be touched.
// Debian's initdb and pg_ctl, data in an ignored folder, a free loopback port. Postgres refuses
// to run as root, so as root its programs run as the `postgres` user, owner of the data folder.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

export interface OwnPostgres {
  /** Superuser `tessera`, database `postgres`, trust authentication on loopback. */
  url: string;
  port: number;
  /** `fast`: a clean shutdown; `immediate`: a crash, recovered from the WAL at start. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const version = versions.at(-1);
  if (!version) throw new Error('PostgreSQL is not installed: run scripts/ensure-postgres.sh first');
  return join(root, version, 'bin');
}

export async function startOwnPostgres(dataDir: string): Promise<OwnPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const pg = (program: string, args: string[], timeoutMs = 60_000) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { timeout: timeoutMs })
      : run(join(bin, program), args, { timeout: timeoutMs });
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dataDir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dataDir, 'data');
  await pg('initdb', ['-D', data, '-U', 'tessera', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    // A test server: durability against an OS crash is not what is tested (a crash of the
    // server process is, and the WAL still covers that).
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const log = join(dataDir, 'postgres.log');
  const start = () => pg('pg_ctl', ['-D', data, '-o', serverOptions, '-l', log, '-w', '-t', '60', 'start']);
  const stop = (mode: 'fast' | 'immediate') => pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  await start();
  let running = true;
  return {
    url: `postgres://tessera:tessera@127.0.0.1:${port}/postgres`,
    port,
    async restart(mode) {
      await stop(mode);
      await start();
    },
    async stop(mode = 'fast') {
      await stop(mode);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop('immediate').catch(() => undefined);
      running = false;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
