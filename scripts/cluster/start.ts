// npm run start:cluster: the production topology on this machine, without Docker (README:
// production topology). Builds what is missing (the Temporal binaries once per machine, Tessera's
// production build), starts every process, restarts one that dies as an orchestrator would, and
// stops them all gracefully on Ctrl+C.
//
// Flags: --skip-build (run the dist/ already built); --free-ports (every port free on loopback,
// printed below, instead of the fixed ones: beside npm start or another topology). PORT: nginx's
// port (3000).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir, loadConfig, projectRoot } from '../../platform/config';
import { intFromEnvOr } from '../../platform/env';
import { freePortOn } from '../../platform/free-port';
import { fixedPorts, freePorts, launchCluster, type Cluster } from './launch';
import type { ExitRecord } from './supervised-process';

const { values: flags } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'free-ports': { type: 'boolean', default: false },
  },
});
const say = (line: string) => console.log(`[cluster] ${line}`);
const started = Date.now();
const stateDir = join(dataDir, 'cluster');
mkdirSync(stateDir, { recursive: true });

const distDir = join(projectRoot, 'dist');
if (!flags['skip-build'] || !existsSync(join(distDir, 'api', 'main.js'))) {
  say('production build (npm run build): the processes run compiled JavaScript, as in production');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: projectRoot, stdio: 'inherit' });
}

// The key npm start and npm run merchant:create use from this clone (.data/encryption.key), so a
// merchant created with them works on the cluster; TESSERA_ENCRYPTION_KEY overrides it everywhere.
const encryptionKey = loadConfig().encryptionKey.toString('base64');
const ports = flags['free-ports']
  ? await freePorts(() => freePortOn('127.0.0.1'))
  : fixedPorts(intFromEnvOr('PORT', 3000));

let cluster: Cluster | undefined;
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  say('stopping (api processes drain their requests, workers finish their tasks)...');
  const results = await cluster?.stop();
  for (const [name, result] of results ?? [])
    if (result.ms > 0)
      say(
        `  ${name}: ${result.killed ? 'killed after its grace period' : `exited (${result.signal ?? result.code})`} in ${result.ms} ms`,
      );
  process.exit(code);
}
// `on`, not `once`: a terminal's Ctrl+C may arrive twice (from the terminal and forwarded by npm), and a
// second signal without a handler would kill the launcher and leave the processes running.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(0));
// The launcher failing must not leave the topology behind (its processes have process groups of their own).
for (const event of ['uncaughtException', 'unhandledRejection'] as const)
  process.on(event, (error: unknown) => {
    console.error('[cluster] launcher failed:', error);
    void stopAll(1);
  });

// An orchestrator restarts what dies (docker-compose.yml: restart: unless-stopped); a process that
// keeps dying stops the topology instead of spinning.
const restarts: number[] = [];
function restartAfterCrash(exit: ExitRecord) {
  if (stopping || !cluster) return;
  restarts.push(Date.now());
  while (restarts[0]! < Date.now() - 60_000) restarts.shift();
  if (restarts.length > 5 || exit.name === 'postgresql' || exit.name === 'temporal-server') {
    say(`${exit.name} died; stopping the topology (logs in ${cluster.logDir})`);
    void stopAll(1);
    return;
  }
  say(`restarting ${exit.name} in 2 s`);
  setTimeout(() => {
    if (!stopping)
      cluster!
        .process(exit.name)
        .start()
        .catch((error: unknown) => say(`${exit.name} did not come back: ${String(error)}`));
  }, 2_000);
}

try {
  cluster = await launchCluster({
    stateDir,
    ports,
    app: { kind: 'built', dir: distDir },
    encryptionKey,
    ui: true,
    say,
    // What the application processes write, on this terminal as under npm start; the Temporal
    // server's, PostgreSQL's and nginx's in their log files.
    echo: (line) => {
      if (/^\[(api|worker)-\d+\]/.test(line)) console.log(line);
    },
    onUnexpectedExit: restartAfterCrash,
  });
} catch (error) {
  console.error(`[cluster] start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const running = cluster;

const databaseUrlFile = join(stateDir, 'database-url');
writeFileSync(databaseUrlFile, running.databaseUrl, { mode: 0o600 });
console.log(`
Tessera's production topology is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Public entry point (nginx)   ${running.publicUrl}
  api processes                ${ports.apis.map((port) => `127.0.0.1:${port}`).join(', ')}
  workers                      ${ports.workerMetrics.length} (metrics on ${ports.workerMetrics.map((port) => `127.0.0.1:${port}`).join(', ')})
  Temporal server              ${running.temporalAddress} (${running.versions.temporalServer}, PostgreSQL, metrics on 127.0.0.1:${ports.temporalMetrics})
  Temporal UI                  ${running.uiUrl}
  Sandbox partners             ${running.sandboxUrl}
  PostgreSQL                   127.0.0.1:${ports.postgres} (data in .data/cluster/postgresql)
  Logs                         ${running.logDir}

Create a merchant:  DATABASE_URL="$(cat ${databaseUrlFile})" npm run merchant:create -- --name "My shop" --json
Stop with Ctrl+C.
`);
