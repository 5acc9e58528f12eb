// `npm ci` (scripts/install-deps.sh, the Dockerfile) refuses a lock file that lacks any package the
// manifest and the locked packages name, other platforms' optional binaries included. A lock file
// written by `npm install` with no lock file present and node_modules already there keeps only this
// machine's binaries (the skeleton's lock file was like that): this test finds it at once, where
// `npm ci` would only fail on the next fresh clone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/config';

interface LockedPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
}

function read<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Names a locked package needs from the tree that are absent from the lock file, found as Node would. */
function missingFromLock(packages: Record<string, LockedPackage>): string[] {
  const missing: string[] = [];
  for (const [location, locked] of Object.entries(packages)) {
    const needs = {
      ...locked.dependencies,
      ...locked.optionalDependencies,
      ...(location === '' ? locked.devDependencies : {}),
      ...Object.fromEntries(
        Object.entries(locked.peerDependencies ?? {}).filter(
          ([name]) => !locked.peerDependenciesMeta?.[name]?.optional,
        ),
      ),
    };
    for (const name of Object.keys(needs)) {
      let found = false;
      // node_modules/a/node_modules/b looks in its own node_modules, then its parents' up to the root.
      for (let base = location; ;) {
        if (`${base ? `${base}/` : ''}node_modules/${name}` in packages) {
          found = true;
          break;
        }
        if (base === '') break;
        const parent = base.lastIndexOf('/node_modules/');
        base = parent === -1 ? '' : base.slice(0, parent);
      }
      if (!found) missing.push(`${name} (needed by ${location || 'the manifest'})`);
    }
  }
  return missing;
}

describe.each(['.', 'scripts/typed-client'])('the lock file of %s', (folder) => {
  const manifest = read<LockedPackage>(join(projectRoot, folder, 'package.json'));
  const lock = read<{ packages: Record<string, LockedPackage> }>(join(projectRoot, folder, 'package-lock.json'));

  it("records the manifest's dependencies as they are written", () => {
    const root = lock.packages[''] ?? {};
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const)
      expect(root[field] ?? {}, field).toEqual(manifest[field] ?? {});
  });

  it("holds every package the locked packages need, every platform's optional binaries included", () => {
    expect(missingFromLock(lock.packages)).toEqual([]);
  });
});
