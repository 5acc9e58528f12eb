// npm run build: the production build (README: production build). It writes one folder, dist/ by
// default, which is the whole deployment but for its production node_modules:
//
//   package.json, package-lock.json   for `npm ci --omit=dev` there, and `npm run merchant:create`
//   scripts/apply-dependency-patches.mjs, patches/   what that install runs after it (postinstall)
//   api/main.js                       one esbuild bundle per process: Tessera's own code inlined,
//   temporal/worker-main.js           every npm package left to node_modules, so nothing at run
//   partners/sandbox-network/main.js  time compiles TypeScript (no tsx)
//   scripts/merchant-create.js, scripts/partner-configure.js, scripts/webhook-attempts.js
//   temporal/workflow-bundle.js       the workflows, bundled as a worker would at start
//   db/migrations/                    what the api applies at start
//   web/dist/                         the web app (`npm run build:web`), which the api serves
//
// The processes find these from the folder holding package.json (platform/config.ts), the same
// relative paths as in the repository. The Dockerfile's runtime stage is this folder plus
// production dependencies; test/integration/production-build.test.ts runs that layout.
//
// Flags: --out <dir> (default dist); --no-web skips the web app (the test checks the server side).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleWorkflowCode } from '@temporalio/worker';
import { build } from 'esbuild';
import { projectRoot } from '../platform/config';
import { workflowBundleFile, workflowBundling } from '../temporal/worker';

const entryPoints = {
  'api/main': 'api/main.ts',
  'temporal/worker-main': 'temporal/worker-main.ts',
  'partners/sandbox-network/main': 'partners/sandbox-network/main.ts',
  'scripts/merchant-create': 'scripts/merchant-create.ts',
  'scripts/partner-configure': 'scripts/partner-configure.ts',
  'scripts/webhook-attempts': 'scripts/webhook-attempts.ts',
};

interface Manifest {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
  [field: string]: unknown;
}

const { values: flags } = parseArgs({
  options: { out: { type: 'string', default: 'dist' }, 'no-web': { type: 'boolean', default: false } },
});
const out = resolve(projectRoot, flags.out);
// The build empties its folder first.
if (!relative(out, projectRoot).startsWith('..')) throw new Error(`--out ${out} holds the repository`);
const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as Manifest;
const dependencyPatchesScript = manifest.scripts?.postinstall;
if (dependencyPatchesScript !== 'node scripts/apply-dependency-patches.mjs')
  throw new Error('package.json: postinstall must apply the dependency patches (scripts/apply-dependency-patches.mjs)');
const nodeVersion = /\d+/.exec(manifest.engines?.node ?? '')?.[0] ?? '20';

const result = await build({
  absWorkingDir: projectRoot,
  entryPoints,
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${nodeVersion}`,
  packages: 'external',
  // Stack traces name the TypeScript lines with `node --enable-source-maps`.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

// The runtime image installs `dependencies` only: a bundle needing anything else would start in the
// repository and fail in production.
const runtimePackages = new Set(Object.keys(manifest.dependencies ?? {}));
const packageOf = (specifier: string) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');
const strays: string[] = [];
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external || isBuiltin(imported.path)) continue;
    const name = packageOf(imported.path);
    if (!runtimePackages.has(name))
      strays.push(`${relative(out, join(projectRoot, file))} imports ${name}, not in package.json dependencies`);
  }
}
if (strays.length > 0) throw new Error(strays.join('\n'));

// What the worker bundles at every start from source (temporal/worker.ts), once.
const { code } = await bundleWorkflowCode({
  ...workflowBundling,
  logger: {
    log: () => {},
    trace: () => {},
    debug: () => {},
    info: () => {},
    warn: (message) => console.warn(message),
    error: (message) => console.error(message),
  },
});
mkdirSync(join(out, workflowBundleFile, '..'), { recursive: true });
writeFileSync(join(out, workflowBundleFile), code);

cpSync(join(projectRoot, 'db', 'migrations'), join(out, 'db', 'migrations'), { recursive: true });

if (!flags['no-web']) {
  execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: projectRoot, stdio: 'inherit' });
  cpSync(join(projectRoot, 'web', 'dist'), join(out, 'web', 'dist'), { recursive: true });
}

// The manifest as it is but for its scripts, which name the built files; devDependencies stay so
// that the lock file still matches it for `npm ci --omit=dev`.
const builtManifest: Manifest = {
  ...manifest,
  scripts: {
    postinstall: dependencyPatchesScript,
    'merchant:create': 'node scripts/merchant-create.js',
    'partner:configure': 'node scripts/partner-configure.js',
    'webhooks:attempts': 'node scripts/webhook-attempts.js',
  },
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(builtManifest, null, 2)}\n`);
cpSync(join(projectRoot, 'package-lock.json'), join(out, 'package-lock.json'));
// `npm ci --omit=dev` there patches what it installs, as `npm ci` does here.
cpSync(
  join(projectRoot, 'scripts', 'apply-dependency-patches.mjs'),
  join(out, 'scripts', 'apply-dependency-patches.mjs'),
);
cpSync(join(projectRoot, 'patches'), join(out, 'patches'), { recursive: true });

console.log(
  `built ${relative(process.cwd(), out) || '.'}/ in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${Object.keys(entryPoints)
      .map((entry) => `${entry}.js`)
      .join(', ')}, ${workflowBundleFile}${flags['no-web'] ? '' : ', web/dist'}`,
);
