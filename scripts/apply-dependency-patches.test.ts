import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/config';
import { applyPatchFile, parsePatch, patchTarget } from './apply-dependency-patches.mjs';

const original = ['one', 'two', 'three', '', 'four', 'five', 'six', 'seven', 'eight'].join('\n');
const patch = `A note before the diff is kept out of it.
--- a/node_modules/@scope/thing/lib/file.js
+++ b/node_modules/@scope/thing/lib/file.js
@@ -1,4 +1,4 @@
 one
-two
+2
 three

@@ -6,3 +6,4 @@
 five
 six
+six and a half
 seven
`;

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** node_modules holding @scope/thing at `version`, its lib/file.js as given, and the patch beside it. */
function installed(version: string, file = original) {
  const root = mkdtempSync(join(tmpdir(), 'tessera-patches-'));
  dirs.push(root);
  const pkg = join(root, 'node_modules', '@scope', 'thing');
  mkdirSync(join(pkg, 'lib'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@scope/thing', version }));
  writeFileSync(join(pkg, 'lib', 'file.js'), file);
  const patchPath = join(root, '@scope+thing+1.2.3.patch');
  writeFileSync(patchPath, patch);
  return { nodeModules: join(root, 'node_modules'), patchPath, file: join(pkg, 'lib', 'file.js') };
}

describe('dependency patches', () => {
  it('names the package and version from the file name, as patch-package does', () => {
    expect(patchTarget('@temporalio+worker+1.24.0.patch')).toEqual({
      packageName: '@temporalio/worker',
      version: '1.24.0',
    });
    expect(patchTarget('left-pad+1.3.0.patch')).toEqual({ packageName: 'left-pad', version: '1.3.0' });
    expect(() => patchTarget('notes.patch')).toThrow(/<package>\+<version>\.patch/);
  });

  it('reads hunks by their counts, empty context lines included', () => {
    const [file] = parsePatch(patch);
    expect(file?.path).toBe('node_modules/@scope/thing/lib/file.js');
    expect(file?.hunks.map((hunk) => [hunk.oldStart, hunk.lines.length])).toEqual([
      [1, 5],
      [6, 4],
    ]);
  });

  it('applies a patch once, then finds it applied', () => {
    const { nodeModules, patchPath, file } = installed('1.2.3');
    expect(applyPatchFile(patchPath, nodeModules, { write: false })).toBe('applied');
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(applyPatchFile(patchPath, nodeModules)).toBe('applied');
    expect(readFileSync(file, 'utf8')).toBe(
      ['one', '2', 'three', '', 'four', 'five', 'six', 'six and a half', 'seven', 'eight'].join('\n'),
    );
    expect(applyPatchFile(patchPath, nodeModules)).toBe('already applied');
  });

  it('finds a hunk that moved a few lines, as a patch release may move it', () => {
    const { nodeModules, patchPath, file } = installed('1.2.3', `zero\n${original}`);
    expect(applyPatchFile(patchPath, nodeModules)).toBe('applied');
    expect(readFileSync(file, 'utf8')).toContain('six\nsix and a half\nseven');
  });

  it('refuses another version of the package, and a file its hunks do not match', () => {
    const other = installed('1.2.4');
    expect(() => applyPatchFile(other.patchPath, other.nodeModules)).toThrow(
      /1\.2\.4 is installed, the patch is for 1\.2\.3/,
    );
    const changed = installed('1.2.3', original.replace('five', 'FIVE'));
    expect(() => applyPatchFile(changed.patchPath, changed.nodeModules)).toThrow(/does not match the installed file/);
    expect(readFileSync(changed.file, 'utf8')).toBe(original.replace('five', 'FIVE'));
  });

  it('has been applied to every installed package it is for (npm install runs it)', () => {
    const patches = readdirSync(join(projectRoot, 'patches')).filter((name) => name.endsWith('.patch'));
    expect(patches.length).toBeGreaterThan(0);
    for (const name of patches) {
      expect(
        applyPatchFile(join(projectRoot, 'patches', name), join(projectRoot, 'node_modules'), { write: false }),
        name,
      ).toBe('already applied');
    }
  });
});
