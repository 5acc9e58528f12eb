// The headless SDK's declaration file (sdk/v1/tessera-headless.d.ts), generated from its source:
// the entry (src/checkout/headless/index.ts) and the public API files it re-exports, each turned
// into declarations by oxc's isolated declarations (through rolldown), then put in one file. The
// public files may import each other only: a declaration bundle names nothing it does not hold.
// The SDK reference pages of the docs are generated from this same text (./sdk-reference.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isolatedDeclarationSync } from 'rolldown/experimental';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** The files whose declarations make the SDK's, in the order they are written. */
export const SDK_DECLARATION_SOURCES = [
  'src/checkout/secure-fields/secure-fields-api.ts',
  'src/checkout/headless/headless-api.ts',
  'src/checkout/headless/errors.ts',
  'src/checkout/headless/index.ts',
] as const;

export const SDK_GLOBAL_NAME = 'TesseraHeadless';

/** The declarations of one file, its imports and re-exports of the other public files removed. */
export function declarationsOf(file: string): string {
  const path = `${webRoot}${file}`;
  const result = isolatedDeclarationSync(path, readFileSync(path, 'utf8'), { stripInternal: true });
  if (result.errors.length > 0)
    throw new Error(
      `${file} cannot be declared in isolation: ${result.errors.map((error) => error.message).join('; ')}`,
    );
  return (
    result.code
      // `import type {...} from "./x"` and `export ... from "./x"`: the bundle holds their declarations.
      .replace(/^(import|export)\b[^;]*?\bfrom\s+"\.{1,2}\/[^"]+";\n/gms, '')
      // An ambient class takes no `override`.
      .replace(/^(\s+)override /gm, '$1')
  );
}

export function sdkDeclarations(version: string): string {
  const parts = SDK_DECLARATION_SOURCES.map((file) => `// ── from ${file}\n${declarationsOf(file).trim()}\n`);
  const text = parts.join('\n');
  const leftover = /^(import|export)\b.*\bfrom\s+"[^"]+";$/m.exec(text);
  if (leftover) throw new Error(`The SDK declarations import from outside themselves: ${leftover[0]}`);
  return [
    `// Tessera headless checkout SDK ${version}: declarations of /sdk/v1/tessera-headless.mjs, and of the`,
    `// global ${SDK_GLOBAL_NAME} that /sdk/v1/tessera-headless.js defines. Generated from Tessera's source.`,
    '',
    text,
    `export as namespace ${SDK_GLOBAL_NAME};`,
    '',
  ].join('\n');
}
