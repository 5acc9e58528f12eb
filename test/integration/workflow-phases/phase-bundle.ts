// The phase tests' workflow bundle: the test-only phase workflows (./workflows), with the payment
// windows the tests can shorten (./workflows/windows.ts) in the place of domain/payment-windows.
// Bundling takes seconds and every phase test file needs the same bundle, so it is kept under
// .data/test with a hash of every file webpack read for it; the first file that finds a file
// changed bundles again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
// The webpack the SDK bundles with (a dependency of @temporalio/worker): only its types.
import type { Compiler, WebpackPluginInstance } from 'webpack';
import { dataDir, projectRoot } from '../../../platform/config';

const here = join(projectRoot, 'test', 'integration', 'workflow-phases');
const workflowsPath = join(here, 'workflows', 'index.ts');
const domainWindows = join(projectRoot, 'domain', 'payment-windows.ts');
const testWindows = join(here, 'workflows', 'windows.ts');
const cacheFile = join(dataDir, 'test', 'workflow-phases-bundle.json');

interface CachedBundle {
  /** Every file the bundle was made of, with its content's hash (null: looked for, absent). */
  inputs: Record<string, string | null>;
  code: string;
}

function hashOf(file: string): string | null {
  if (!existsSync(file)) return null;
  // Webpack lists some folders it looked into too: their presence is what counts.
  if (statSync(file).isDirectory()) return 'folder';
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Puts the test's windows where the domain's would be, except inside the test's module itself. */
function shortenableWindows(replaced: () => void): WebpackPluginInstance {
  const domainModule = domainWindows.replace(/\.ts$/, '');
  return {
    apply(compiler: Compiler) {
      compiler.hooks.normalModuleFactory.tap('ShortenableWindows', (factory) => {
        // Before resolution, so that the module's own imports resolve from where it lives.
        factory.hooks.beforeResolve.tap('ShortenableWindows', (data) => {
          const target = resolve(data.context, data.request).replace(/\.(ts|js)$/, '');
          if (target === domainModule && data.contextInfo.issuer !== testWindows) {
            data.request = testWindows;
            replaced();
          }
        });
      });
    },
  };
}

function recordInputs(into: Set<string>): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.done.tap('RecordInputs', (stats) => {
        for (const file of stats.compilation.fileDependencies) into.add(file);
      });
    },
  };
}

function cachedBundle(): string | undefined {
  if (!existsSync(cacheFile)) return undefined;
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as CachedBundle;
    const unchanged = Object.entries(cached.inputs).every(([file, hash]) => hashOf(file) === hash);
    return unchanged ? cached.code : undefined;
  } catch {
    return undefined;
  }
}

export async function phaseWorkflowBundle(): Promise<string> {
  const cached = cachedBundle();
  if (cached !== undefined) return cached;
  if (!existsSync(domainWindows)) throw new Error(`${domainWindows} moved: point phase-bundle.ts at its new place`);
  const inputs = new Set<string>([join(here, 'phase-bundle.ts'), join(projectRoot, 'package-lock.json')]);
  let replacements = 0;
  const { code } = await bundleWorkflowCode({
    workflowsPath,
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error },
    webpackConfigHook: (config) => ({
      ...config,
      plugins: [...(config.plugins ?? []), shortenableWindows(() => (replacements += 1)), recordInputs(inputs)],
    }),
  });
  // The phases import the windows from the domain: if none does any more, the tests' windows are lost.
  if (replacements === 0) throw new Error('no workflow of the phase bundle imports domain/payment-windows');
  const bundle: CachedBundle = {
    inputs: Object.fromEntries([...inputs].sort().map((file) => [file, hashOf(file)])),
    code,
  };
  mkdirSync(join(dataDir, 'test'), { recursive: true });
  // Written whole, then renamed: a file running beside this one reads the old bundle or the new.
  const partial = `${cacheFile}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(bundle));
  renameSync(partial, cacheFile);
  return code;
}
