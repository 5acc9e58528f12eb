// A PostgreSQL server of the topology's own, from Debian's binaries: a data folder of its own
// (initdb once), its own port, started and stopped with the rest of the topology. The machine's
// shared cluster (scripts/ensure-postgres.sh) is never touched: the cluster test restarts and kills
// things, and a developer's other tests keep using that one.
//
// Loopback only, no Unix socket, password authentication (SCRAM) for every role. When the launcher
// runs as root, PostgreSQL runs as the `postgres` user, which must be able to reach the data folder.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { projectRoot } from '../../platform/config';
import { until, type ProcessSpec } from './supervised-process';

export interface PostgresInstance {
  /** The superuser's URL (database `postgres`). */
  adminUrl: string;
  host: string;
  port: number;
  /** The server's process, for the launcher to start, stop and kill. */
  spec: ProcessSpec;
}

/** Debian's PostgreSQL binaries (the newest installed major), installing the package when missing. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const installed = () =>
    existsSync(root)
      ? readdirSync(root)
          .filter((version) => existsSync(join(root, version, 'bin', 'postgres')))
          .sort((a, b) => Number(a) - Number(b))
      : [];
  // ensure-postgres.sh installs Debian's package when it is missing (it also starts the shared
  // cluster, which every test run does anyway).
  if (installed().length === 0)
    execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-postgres.sh')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const version = installed().at(-1);
  if (!version) throw new Error(`no PostgreSQL binaries under ${root}`);
  return join(root, version, 'bin');
}

/** Who runs the server: ourselves, or `postgres` when we are root (PostgreSQL refuses root). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  }
}

/**
 * Prepares the data folder (initdb on first use, with `superuserPassword` for `postgres`) and
 * describes the server process; the caller starts it. `dataDir` keeps the data across starts.
 */
export function preparePostgresInstance(options: {
  dataDir: string;
  port: number;
  superuserPassword: string;
  /** Connections for every process of the topology; see the caller. */
  maxConnections: number;
}): PostgresInstance {
  const bin = postgresBinDir();
  const user = serverUser();
  const { dataDir, port } = options;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // initdb removes what it made when it fails: anything else there is not ours to delete.
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
      throw new Error(`${dataDir} holds files but no PostgreSQL data (no PG_VERSION): move them away first`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (user) chownSync(dataDir, user.uid, user.gid);
    // initdb reads the superuser's password from a file: one only the server's user can read, in a
    // folder of the system's temporary one (which that user can reach), removed right after.
    const passwordDir = mkdtempSync(join(tmpdir(), 'tessera-initdb-'));
    const passwordFile = join(passwordDir, 'password');
    writeFileSync(passwordFile, `${options.superuserPassword}\n`, { mode: 0o600 });
    if (user) {
      chownSync(passwordDir, user.uid, user.gid);
      chownSync(passwordFile, user.uid, user.gid);
    }
    try {
      execFileSync(
        join(bin, 'initdb'),
        [
          '--pgdata',
          dataDir,
          '--username',
          'postgres',
          `--pwfile=${passwordFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], ...(user ? { uid: user.uid, gid: user.gid } : {}) },
      );
    } catch (error) {
      const detail = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      throw new Error(
        `initdb ${dataDir} failed${user ? ' (as the postgres user, who must be able to reach that folder)' : ''}:\n${detail}`,
      );
    } finally {
      rmSync(passwordDir, { recursive: true, force: true });
    }
    chmodSync(dataDir, 0o700);
  }
  const host = '127.0.0.1';
  const adminUrl = `postgres://postgres:${encodeURIComponent(options.superuserPassword)}@${host}:${port}/postgres`;
  return {
    adminUrl,
    host,
    port,
    spec: {
      name: 'postgresql',
      command: join(bin, 'postgres'),
      args: [
        '-D',
        dataDir,
        '-c',
        `port=${port}`,
        '-c',
        `listen_addresses=${host}`,
        '-c',
        'unix_socket_directories=',
        '-c',
        `max_connections=${options.maxConnections}`,
        // Logs go to stderr, which the launcher writes to the process's log file.
        '-c',
        'logging_collector=off',
      ],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
      cwd: dataDir,
      ...(user ? { user } : {}),
      ready: ({ signal }) =>
        until(async () => {
          const sql = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
          try {
            await sql`select 1`;
            return true;
          } finally {
            await sql.end({ timeout: 1 });
          }
        }, signal),
      readyTimeoutMs: 60_000,
      // Fast shutdown: open sessions are rolled back and closed, the data is checkpointed.
      stopSignal: 'SIGINT',
      stopGraceMs: 30_000,
    },
  };
}
