// Which malloc the api and the worker run on. Node takes the C library's; ours start on jemalloc
// where the machine has it (Debian's libjemalloc2; scripts/ensure-jemalloc.sh installs it, the
// Dockerfile too), preloaded by whoever starts them: scripts/start.ts, the cluster's launcher, the
// bench, the image.
//
// Why: over 10,000 checkouts under `npm run bench -- --memory`, glibc's malloc arenas in the worker
// crept while its live objects stayed flat, and its resident size stood about 1,000 MiB. On
// jemalloc the worker stands about 130 MiB lower and grows a third as much between 5,000 and 10,000
// lifecycles, at no cost in lifecycles a second (scripts/bench/MEASUREMENTS.md).
//
// The allocator is chosen by LD_PRELOAD, which only the dynamic loader reads at a process's start:
// a process cannot switch itself, so the choice travels in the environment of its children.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What TESSERA_ALLOCATOR asks for: jemalloc where found (the default), or the C library's own. */
export type AllocatorChoice = 'jemalloc' | 'system';

export function allocatorChoiceFrom(env: Record<string, string | undefined>): AllocatorChoice {
  const raw = env.TESSERA_ALLOCATOR ?? '';
  if (raw === '' || raw === 'jemalloc') return 'jemalloc';
  if (raw === 'system') return 'system';
  throw new Error(`TESSERA_ALLOCATOR must be jemalloc or system, got "${raw}"`);
}

const jemallocFile = 'libjemalloc.so.2';

/**
 * Where jemalloc's shared library is on this machine, if anywhere: the image's link, then Debian's
 * multiarch folders (/usr/lib/x86_64-linux-gnu, /usr/lib/aarch64-linux-gnu), then the plain ones.
 */
export function findJemalloc(libraryRoot = '/usr'): string | undefined {
  const lib = join(libraryRoot, 'lib');
  const multiarch = safeList(lib)
    .filter((name) => name.endsWith('-linux-gnu'))
    .map((name) => join(lib, name, jemallocFile));
  const candidates = [join(libraryRoot, 'local', 'lib', jemallocFile), ...multiarch, join(lib, jemallocFile)];
  return candidates.find((path) => existsSync(path));
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

export interface AllocatorPlan {
  /** The variables to add to a child's environment (LD_PRELOAD, or nothing). */
  env: Record<string, string>;
  /** For the operator: which allocator the children get, and why when not jemalloc. */
  description: string;
}

/**
 * What to add to the environment of the api and worker processes started from `env`, given where
 * jemalloc is (`findJemalloc()`). An LD_PRELOAD already set is the operator's own and is left
 * alone, as is the image's (which preloads jemalloc itself).
 */
export function allocatorPlan(env: Record<string, string | undefined>, jemalloc: string | undefined): AllocatorPlan {
  if (allocatorChoiceFrom(env) === 'system')
    return { env: {}, description: 'system malloc (TESSERA_ALLOCATOR=system)' };
  if (env.LD_PRELOAD) return { env: {}, description: `as preloaded (LD_PRELOAD=${env.LD_PRELOAD})` };
  if (!jemalloc)
    return {
      env: {},
      description: `system malloc: no ${jemallocFile} on this machine (Debian: apt-get install libjemalloc2)`,
    };
  return { env: { LD_PRELOAD: jemalloc }, description: `jemalloc (${jemalloc})` };
}

/** The malloc this process runs on, from the libraries mapped into it (Linux's /proc/self/maps). */
export function allocatorInUse(): 'jemalloc' | 'system' | 'unknown' {
  return allocatorFromMaps(readMaps());
}

export function allocatorFromMaps(maps: string | undefined): 'jemalloc' | 'system' | 'unknown' {
  if (maps === undefined) return 'unknown';
  return /\/libjemalloc\.so/.test(maps) ? 'jemalloc' : 'system';
}

function readMaps(): string | undefined {
  try {
    return readFileSync('/proc/self/maps', 'utf8');
  } catch {
    return undefined;
  }
}
