// The headless checkout SDK: /sdk/v1/tessera-headless.mjs (ES module), /sdk/v1/tessera-headless.js
// (classic script defining window.TesseraHeadless) and /sdk/v1/tessera-headless.d.ts (generated
// declarations, web/build/sdk-declarations.ts). No React: the checkout core and the secure fields.
//
// Built after the app by web/vite.config.ts (plugin browserScripts), into the same outDir.

import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { browserScriptConfig } from './build/browser-script-config.js';
import { sdkDeclarations, SDK_GLOBAL_NAME } from './build/sdk-declarations.js';
import { HEADLESS_VERSION } from './src/checkout/headless/version.js';

export const HEADLESS_SDK_FILES = {
  iife: 'sdk/v1/tessera-headless.js',
  es: 'sdk/v1/tessera-headless.mjs',
  declarations: 'sdk/v1/tessera-headless.d.ts',
} as const;

function declarations(): Plugin {
  return {
    name: 'tessera:sdk-declarations',
    generateBundle(outputOptions) {
      // Once, beside the ES module.
      if (outputOptions.format !== 'es') return;
      this.emitFile({
        type: 'asset',
        fileName: HEADLESS_SDK_FILES.declarations,
        source: sdkDeclarations(HEADLESS_VERSION),
      });
    },
  };
}

export default defineConfig(
  browserScriptConfig({
    webRoot: fileURLToPath(new URL('.', import.meta.url)),
    entry: 'src/checkout/headless/index.ts',
    name: SDK_GLOBAL_NAME,
    formats: ['es', 'iife'],
    fileName: (format) => (format === 'es' ? HEADLESS_SDK_FILES.es : HEADLESS_SDK_FILES.iife),
    plugins: [declarations()],
  }),
);
