// Types of scripts/apply-dependency-patches.mjs, which stays JavaScript: it runs without tsx.
export interface Hunk {
  oldStart: number;
  lines: string[];
}
export interface FilePatch {
  path: string;
  hunks: Hunk[];
}
export function patchTarget(fileName: string): { packageName: string; version: string };
export function parsePatch(text: string): FilePatch[];
export function applyHunks(source: string, hunks: readonly Hunk[], label: string): string | undefined;
export function applyPatchFile(
  patchPath: string,
  nodeModulesDir: string,
  options?: { write?: boolean },
): 'applied' | 'already applied';
