// The production build runs: `scripts/build.ts` once, laid out as the Dockerfile's runtime stage lays
// it out (the build's folder plus production dependencies only, no sources, no tsx), the api, worker
// and sandbox network started with docker-compose.yml's own commands, a merchant made with
// `npm run merchant:create` there, and a payment taken through them over HTTP.
//
// The web app is left out of this build (`--no-web`): a Vite build costs about a minute, and the e2e
// project builds and tests its own. A placeholder page checks that the compiled api finds web/dist.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connection';
import { findJemalloc } from '../../platform/allocator';
import { projectRoot } from '../../platform/config';
import { call, eventually, sessionApplication } from '../support/api-client';
import { freePort } from '../support/free-port';
import { createTestDatabase, providedInfrastructure } from '../support/stack';

const run = promisify(execFile);

/** A stage of the Dockerfile (`FROM … AS name` up to the next FROM), as this test relies on it. */
function dockerStage(name: string) {
  const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
  const start = dockerfile.search(new RegExp(`^FROM .* AS ${name}$`, 'm'));
  if (start === -1) throw new Error(`Dockerfile: no stage ${name}`);
  const end = dockerfile.indexOf('\nFROM ', start);
  const stage = dockerfile.slice(start, end === -1 ? undefined : end);
  return {
    workdir: /^WORKDIR (\S+)$/m.exec(stage)?.[1],
    copies: [...stage.matchAll(/^COPY (.+)$/gm)].map((match) => match[1]),
    user: /^USER (\S+)$/m.exec(stage)?.[1],
    cmd: JSON.parse(/^CMD (\[.*\])$/m.exec(stage)?.[1] ?? 'null') as string[] | null,
    runs: [...stage.matchAll(/^RUN (.+)$/gm)].map((match) => match[1]),
    env: Object.fromEntries([...stage.matchAll(/^ENV (\w+)=(\S+)$/gm)].map((match) => [match[1], match[2]])),
  };
}

/** A service's `command:` in docker-compose.yml (one flow-style line, as written there). */
function composeCommand(service: string): string[] {
  const compose = readFileSync(join(projectRoot, 'docker-compose.yml'), 'utf8');
  const block = new RegExp(`^  ${service}:\\n((?: {4}.*\\n|\\n)*)`, 'm').exec(compose)?.[1] ?? '';
  const command = /^ {4}command: (\[.*\])$/m.exec(block)?.[1];
  if (!command) throw new Error(`docker-compose.yml: no one-line command for ${service}`);
  return JSON.parse(command.replaceAll("'", '"')) as string[];
}

/**
 * node_modules as `npm ci --omit=dev` makes it, from the packages installed here: every package the
 * lock file does not mark dev-only, linked. The layout lives outside the repository so that Node's
 * look-up cannot climb to the repository's own node_modules.
 */
function linkProductionDependencies(layout: string) {
  const lock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  for (const [location, locked] of Object.entries(lock.packages)) {
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(location) || locked.dev) continue;
    const installed = join(projectRoot, location);
    if (!existsSync(installed)) continue; // another platform's optional binary
    mkdirSync(dirname(join(layout, location)), { recursive: true });
    symlinkSync(installed, join(layout, location), 'dir');
  }
}

interface Running {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}
const running: Running[] = [];

/** Starts a compose command in the layout and resolves once `ready` appears in its output. */
async function startService(layout: string, name: string, env: Record<string, string>, ready: string) {
  const [program, ...args] = composeCommand(name);
  expect(program).toBe('node');
  const child = spawn(process.execPath, args, { cwd: layout, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const service: Running = {
    name,
    child,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  running.push(service);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-16_384);
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start-up (${signal ?? code}):\n${output}`));
    });
  });
  return service;
}

let layout: string;
let baseUrl: string;
let databaseUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  layout = mkdtempSync(join(tmpdir(), 'tessera-production-'));
  await run(join(projectRoot, 'node_modules', '.bin', 'tsx'), ['scripts/build.ts', '--out', layout, '--no-web'], {
    cwd: projectRoot,
  });
  linkProductionDependencies(layout);
  mkdirSync(join(layout, 'web', 'dist'), { recursive: true });
  writeFileSync(join(layout, 'web', 'dist', 'index.html'), '<!doctype html><title>placeholder web build</title>');

  const infrastructure = providedInfrastructure();
  databaseUrl = await createTestDatabase(infrastructure, { migrated: false });
  const apiPort = await freePort();
  const sandboxPort = await freePort();
  baseUrl = `http://127.0.0.1:${apiPort}`;
  const jemalloc = findJemalloc();
  if (!jemalloc) throw new Error('libjemalloc2 is not installed (scripts/ensure-jemalloc.sh)');
  // Only what the image and docker-compose.yml set: nothing of this process's NODE_OPTIONS.
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    LD_PRELOAD: jemalloc,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: infrastructure.temporalAddress,
    TESSERA_TASK_QUEUE: `production-build-${randomUUID()}`,
    TESSERA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TESSERA_PUBLIC_URL: baseUrl,
    SANDBOX_PARTNERS_URL: `http://127.0.0.1:${sandboxPort}`,
    SANDBOX_NOTIFICATION_SECRET: randomBytes(16).toString('hex'),
  };
  await startService(layout, 'sandbox-partners', { ...env, SANDBOX_PORT: String(sandboxPort) }, 'listening on');
  // In compose's order: the worker needs no table before a payment runs; the api migrates at start.
  await startService(layout, 'worker', env, 'worker polling');
  await startService(layout, 'api', { ...env, HOST: '127.0.0.1', PORT: String(apiPort) }, 'api listening');
}, 180_000);

afterAll(async () => {
  for (const service of running) service.child.kill('SIGTERM');
  await Promise.race([
    Promise.all(running.map((service) => service.exited)),
    new Promise((resolve) => setTimeout(resolve, 15_000)),
  ]);
  for (const service of running) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  if (layout) rmSync(layout, { recursive: true, force: true });
}, 30_000);

describe('the production build', () => {
  it('is laid out as the Dockerfile runs it: compiled entries, no sources, no tsx', () => {
    // What this layout stands for: the build's folder (the same script), and beside it what
    // `npm ci --omit=dev` installs from the same lock file.
    expect(dockerStage('build').runs).toEqual(['npm run build']);
    expect(dockerStage('prod-deps').runs).toEqual([expect.stringMatching(/^npm ci --omit=dev /)]);
    const runtime = dockerStage('runtime');
    expect(runtime.copies).toEqual(['--from=prod-deps /app/node_modules ./node_modules', '--from=build /app/dist ./']);
    expect(runtime.workdir).toBe('/app');
    expect(runtime.user).toBe('node');
    // The image's one addition to Node's: jemalloc, preloaded into every process (the layout below
    // preloads this machine's copy; the image links its own where LD_PRELOAD says).
    expect(runtime.runs).toEqual([expect.stringMatching(/apt-get install -y --no-install-recommends libjemalloc2 /)]);
    expect(runtime.runs[0]).toContain(`ln -s "$(ls /usr/lib/*-linux-gnu/libjemalloc.so.2)" ${runtime.env.LD_PRELOAD}`);
    expect(runtime.env).toEqual({ LD_PRELOAD: '/usr/local/lib/libjemalloc.so.2', NODE_ENV: 'production' });
    expect(runtime.cmd).toEqual(composeCommand('api'));
    for (const service of ['api', 'worker', 'sandbox-partners'])
      expect(existsSync(join(layout, composeCommand(service)[1]!)), service).toBe(true);
    expect(existsSync(join(layout, 'workflows'))).toBe(false);
    expect(existsSync(join(layout, 'temporal', 'workflow-bundle.js'))).toBe(true);
    expect(() => createRequire(join(layout, 'package.json')).resolve('tsx')).toThrow();
    expect(() => createRequire(join(layout, 'package.json')).resolve('esbuild')).toThrow();
  });

  it('patches the packages it installs, with plain node, as the repository does', async () => {
    for (const stage of ['deps', 'prod-deps'])
      expect(dockerStage(stage).copies, stage).toEqual(
        expect.arrayContaining(['scripts/apply-dependency-patches.mjs scripts/', 'patches patches/']),
      );
    const manifest = JSON.parse(readFileSync(join(layout, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.postinstall).toBe('node scripts/apply-dependency-patches.mjs');
    // What npm runs after `npm ci --omit=dev` there; the layout's packages are the repository's,
    // which its own install patched already.
    const { stdout } = await run(process.execPath, ['scripts/apply-dependency-patches.mjs'], { cwd: layout });
    const patches = readdirSync(join(layout, 'patches')).filter((name) => name.endsWith('.patch'));
    expect(patches.length).toBeGreaterThan(0);
    expect(stdout.trim().split('\n')).toEqual(patches.map((name) => `patches/${name}: already applied`));
  });

  it('runs each process as plain node on its compiled file', () => {
    for (const service of running) {
      const pid = service.child.pid!;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv, service.name).toEqual([process.execPath, ...composeCommand(service.name).slice(1)]);
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(
        environ.filter((entry) => entry.startsWith('NODE_OPTIONS=')),
        service.name,
      ).toEqual([]);
    }
  });

  it('runs the api and the worker on jemalloc, and says so at start', () => {
    for (const name of ['api', 'worker']) {
      const service = running.find((candidate) => candidate.name === name)!;
      expect(readFileSync(`/proc/${service.child.pid!}/maps`, 'utf8'), name).toMatch(/\/libjemalloc\.so\.2$/m);
      expect(service.output(), name).toMatch(/"allocator":"jemalloc"/);
    }
  });

  it('migrates the database from the build and serves the web app from it', async () => {
    const sql = connect(databaseUrl, { max: 1 });
    try {
      const applied = await sql<{ name: string }[]>`select name from schema_migrations order by name`;
      const files = readdirSync(join(projectRoot, 'db', 'migrations')).filter((file) => file.endsWith('.sql'));
      expect(applied.map((row) => row.name)).toEqual(files.sort());
    } finally {
      await sql.end();
    }
    const page = await fetch(`${baseUrl}/`);
    expect(await page.text()).toContain('placeholder web build');
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
  });

  it('takes a payment: merchant:create, session, vaulted card, submission, capture', async () => {
    const { stdout } = await run('npm', ['run', 'merchant:create', '--', '--name', 'Built shop', '--json'], {
      cwd: layout,
      env,
    });
    const merchant = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, string>;
    expect(Object.keys(merchant)).toEqual(
      expect.arrayContaining(['entity_id', 'client_id', 'client_secret', 'api_key', 'merchant_id']),
    );

    const tokenAnswer = await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${merchant.client_id}:${merchant.client_secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };

    const session = await call(baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body: sessionApplication(merchant.entity_id!, { integration_mode: 'HOSTED_PAGE' }),
    });
    expect(session.status).toBe(201);
    const card = await call(baseUrl, 'POST', '/v2/vault/cards', {
      apiKey: merchant.api_key!,
      body: {
        number: '4242424242424242',
        expiry_month: '12',
        expiry_year: '30',
        cvv: '123',
        holder_name: 'Camille Martin',
      },
    });
    expect(card.status).toBe(201);
    const submitted = await call(baseUrl, 'POST', `/checkout/v1/sessions/${session.body.id}/payments`, {
      apiKey: merchant.publishable_key!,
      body: {
        split: [
          { amount: 2599, partner: 'sandbox-card', method: 'creditcard', vault_form_token: card.body.vault_form_token },
        ],
      },
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.payment.authorization.status).toBe('AUTHORIZED');

    const paymentId: string = submitted.body.payment.id;
    const capture = await call(baseUrl, 'POST', `/v2/payments/${paymentId}/captures`, {
      token,
      body: { amount: 2599 },
    });
    expect(capture.status).toBe(201);
    expect(capture.body.overview.captured).toBe('TOTALLY');
    const read = await eventually(
      async () => {
        const answer = await call(baseUrl, 'GET', `/v2/payments/${paymentId}`, { token });
        return answer.body?.amounts?.total_captured === 2599 ? answer : undefined;
      },
      { what: 'the captured payment' },
    );
    expect(read.body.amounts.available_to_capture).toBe(0);
  });
});
