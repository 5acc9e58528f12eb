// Applies the patches in patches/ to the installed npm packages: npm runs it after every install
// (the `postinstall` script, in the repository and in a production build's folder). Plain
// JavaScript without dependencies, because `npm ci --omit=dev` runs it without tsx.
//
// A patch is a unified diff named as patch-package names them (`<package>+<version>.patch`, the
// package's `/` written `+`), so that a reader knows what it is and another tool could take over.
// It applies to exactly that version: after an upgrade of the package the install fails here, and
// whoever upgraded decides whether the new version still needs it. Applying twice changes nothing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ oldStart: number, lines: string[] }} Hunk
 * @typedef {{ path: string, hunks: Hunk[] }} FilePatch
 */

/** The package and version a patch file is for, from its name. */
export function patchTarget(fileName) {
  const match = /^(.+)\+(\d[^+]*)\.patch$/.exec(fileName);
  if (!match) throw new Error(`${fileName}: not named <package>+<version>.patch`);
  return { packageName: match[1].replace('+', '/'), version: match[2] };
}

/**
 * The files and hunks of a unified diff whose paths start with `a/node_modules/<package>/`.
 * @returns {FilePatch[]}
 */
export function parsePatch(text) {
  /** @type {FilePatch[]} */
  const files = [];
  /** @type {(Hunk & { oldLeft: number, newLeft: number }) | undefined} */
  let hunk;
  for (const line of text.split('\n')) {
    if (hunk && (hunk.oldLeft > 0 || hunk.newLeft > 0)) {
      // Inside a hunk its counts say where it ends; an empty line is an empty context line.
      const kind = line === '' ? ' ' : line[0];
      if (kind !== ' ' && kind !== '-' && kind !== '+' && kind !== '\\') throw new Error(`a hunk ends early: ${line}`);
      if (kind === '\\') continue; // "\ No newline at end of file"
      hunk.lines.push(line === '' ? ' ' : line);
      if (kind !== '+') hunk.oldLeft -= 1;
      if (kind !== '-') hunk.newLeft -= 1;
      continue;
    }
    if (line.startsWith('+++ ')) {
      const path = line.slice(4).split('\t')[0].replace(/^b\//, '');
      files.push({ path, hunks: [] });
      continue;
    }
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
    if (header) {
      const file = files.at(-1);
      if (!file) throw new Error('a hunk before any file header');
      hunk = {
        oldStart: Number(header[1]),
        lines: [],
        oldLeft: Number(header[2] ?? 1),
        newLeft: Number(header[3] ?? 1),
      };
      file.hunks.push(hunk);
    }
  }
  return files;
}

/** A hunk's lines as the file has them before it and after it. */
function sidesOf(hunk) {
  return {
    before: hunk.lines.filter((line) => !line.startsWith('+')).map((line) => line.slice(1)),
    after: hunk.lines.filter((line) => !line.startsWith('-')).map((line) => line.slice(1)),
  };
}

/** Where `wanted` stands in `lines`, searched from line index `near` outwards; -1 when nowhere. */
function indexOfLines(lines, wanted, near) {
  const matchesAt = (at) =>
    at >= 0 &&
    at + wanted.length <= lines.length &&
    wanted.every((expected, offset) => lines[at + offset] === expected);
  for (let distance = 0; distance <= lines.length; distance += 1) {
    if (matchesAt(near - distance)) return near - distance;
    if (distance > 0 && matchesAt(near + distance)) return near + distance;
  }
  return -1;
}

/** `source` with the hunks applied, or undefined when they are applied already; throws when neither. */
export function applyHunks(source, hunks, label) {
  let lines = source.split('\n');
  if (hunks.every((hunk) => indexOfLines(lines, sidesOf(hunk).after, hunk.oldStart - 1) >= 0)) return undefined;
  // Last hunk first, so that the line numbers of the earlier ones still hold.
  for (const hunk of [...hunks].reverse()) {
    const { before, after } = sidesOf(hunk);
    const at = indexOfLines(lines, before, hunk.oldStart - 1);
    if (at < 0) throw new Error(`${label}: a hunk at line ${hunk.oldStart} does not match the installed file`);
    lines = [...lines.slice(0, at), ...after, ...lines.slice(at + before.length)];
  }
  return lines.join('\n');
}

/**
 * Applies one patch file to the packages under `nodeModulesDir`; with `write: false`, only tells
 * whether it would (`'applied'`) or has been already.
 * @returns {'applied' | 'already applied'}
 */
export function applyPatchFile(patchPath, nodeModulesDir, { write = true } = {}) {
  const fileName = patchPath.split('/').at(-1) ?? patchPath;
  const { packageName, version } = patchTarget(fileName);
  const manifestPath = join(nodeModulesDir, packageName, 'package.json');
  if (!existsSync(manifestPath)) throw new Error(`${fileName}: ${packageName} is not installed`);
  const installed = JSON.parse(readFileSync(manifestPath, 'utf8')).version;
  if (installed !== version) {
    throw new Error(
      `${fileName}: ${packageName} ${installed} is installed, the patch is for ${version}; ` +
        'check whether the new version still needs it, then drop it or make it again for that version',
    );
  }
  let changed = false;
  for (const file of parsePatch(readFileSync(patchPath, 'utf8'))) {
    const prefix = `node_modules/${packageName}/`;
    if (!file.path.startsWith(prefix)) throw new Error(`${fileName}: ${file.path} is outside ${packageName}`);
    const target = join(nodeModulesDir, packageName, file.path.slice(prefix.length));
    const patched = applyHunks(readFileSync(target, 'utf8'), file.hunks, `${fileName} (${file.path})`);
    if (patched === undefined) continue;
    if (write) writeFileSync(target, patched);
    changed = true;
  }
  return changed ? 'applied' : 'already applied';
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const patchesDir = join(root, 'patches');
  for (const name of readdirSync(patchesDir)
    .filter((entry) => entry.endsWith('.patch'))
    .sort()) {
    const outcome = applyPatchFile(join(patchesDir, name), join(root, 'node_modules'));
    console.log(`patches/${name}: ${outcome}`);
  }
}
