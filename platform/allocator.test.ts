import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allocatorChoiceFrom, allocatorFromMaps, allocatorPlan, findJemalloc } from './allocator';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function libraryRoot(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'allocator-'));
  roots.push(root);
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  return root;
}

describe('the allocator choice', () => {
  it('is jemalloc unless the environment says system', () => {
    expect(allocatorChoiceFrom({})).toBe('jemalloc');
    expect(allocatorChoiceFrom({ TESSERA_ALLOCATOR: '' })).toBe('jemalloc');
    expect(allocatorChoiceFrom({ TESSERA_ALLOCATOR: 'jemalloc' })).toBe('jemalloc');
    expect(allocatorChoiceFrom({ TESSERA_ALLOCATOR: 'system' })).toBe('system');
    expect(() => allocatorChoiceFrom({ TESSERA_ALLOCATOR: 'tcmalloc' })).toThrow(/jemalloc or system.*tcmalloc/);
  });
});

describe('finding jemalloc', () => {
  it('finds Debian’s multiarch library', () => {
    const root = libraryRoot(['lib/aarch64-linux-gnu/libjemalloc.so.2', 'lib/aarch64-linux-gnu/libc.so.6']);
    expect(findJemalloc(root)).toBe(join(root, 'lib/aarch64-linux-gnu/libjemalloc.so.2'));
  });

  it('prefers the image’s link in local/lib', () => {
    const root = libraryRoot(['local/lib/libjemalloc.so.2', 'lib/x86_64-linux-gnu/libjemalloc.so.2']);
    expect(findJemalloc(root)).toBe(join(root, 'local/lib/libjemalloc.so.2'));
  });

  it('finds nothing where there is none, or no library folder at all', () => {
    expect(findJemalloc(libraryRoot(['lib/x86_64-linux-gnu/libc.so.6']))).toBeUndefined();
    expect(findJemalloc(join(libraryRoot([]), 'missing'))).toBeUndefined();
  });
});

describe('the plan for a child process', () => {
  const library = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

  it('preloads jemalloc where found', () => {
    expect(allocatorPlan({}, library)).toEqual({ env: { LD_PRELOAD: library }, description: `jemalloc (${library})` });
  });

  it('adds nothing when the system malloc is asked for, or none is found, and says why', () => {
    expect(allocatorPlan({ TESSERA_ALLOCATOR: 'system' }, library)).toEqual({
      env: {},
      description: 'system malloc (TESSERA_ALLOCATOR=system)',
    });
    const missing = allocatorPlan({}, undefined);
    expect(missing.env).toEqual({});
    expect(missing.description).toMatch(/no libjemalloc\.so\.2 .*apt-get install libjemalloc2/);
  });

  it('leaves an operator’s own LD_PRELOAD alone', () => {
    expect(allocatorPlan({ LD_PRELOAD: '/opt/tcmalloc.so' }, library)).toEqual({
      env: {},
      description: 'as preloaded (LD_PRELOAD=/opt/tcmalloc.so)',
    });
  });
});

describe('the allocator in use', () => {
  it('reads jemalloc from the mapped libraries', () => {
    const maps = '7f0c-7f0d r-xp 00000000 08:01 123 /usr/lib/x86_64-linux-gnu/libjemalloc.so.2\n';
    expect(allocatorFromMaps(maps)).toBe('jemalloc');
    expect(allocatorFromMaps('7f0c-7f0d r-xp 00000000 08:01 123 /usr/lib/x86_64-linux-gnu/libc.so.6\n')).toBe('system');
    expect(allocatorFromMaps(undefined)).toBe('unknown');
  });

  // scripts/test.sh installs the library (scripts/ensure-jemalloc.sh), as the bench and the image do.
  it('is jemalloc in a Node process started with the plan, and the system’s without', () => {
    const library = findJemalloc();
    expect(library, 'libjemalloc2 is installed (scripts/ensure-jemalloc.sh)').toBeDefined();
    const probe = `import('${join(import.meta.dirname, 'allocator.ts')}').then((m) => console.log(m.allocatorInUse()))`;
    const inChild = (env: Record<string, string>) =>
      execFileSync(process.execPath, ['--import', 'tsx', '-e', probe], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      }).trim();
    expect(inChild(allocatorPlan({}, library).env)).toBe('jemalloc');
    expect(inChild(allocatorPlan({ TESSERA_ALLOCATOR: 'system' }, library).env)).toBe('system');
  });
});
