// The secure field frame's script: one IIFE at <outDir>/secure-fields/v1/field.js, loaded by the
// frame page public/secure-fields/v1/field.html (copied by the app's build). No framework and no
// third-party code: the frame is the only place a card number is typed.
//
// Built after the app by web/vite.config.ts (plugin browserScripts), into the same outDir.

import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export const SECURE_FIELD_SCRIPT_FILE = 'secure-fields/v1/field.js';

export default defineConfig({
  root: webRoot,
  publicDir: false,
  build: {
    outDir: process.env.TESSERA_WEB_OUT_DIR ?? resolve(webRoot, 'dist'),
    emptyOutDir: false,
    // ES2022, as the widget (vite.widget.config.ts): the code needs it at run time anyway.
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    lib: {
      entry: resolve(webRoot, 'src/checkout/secure-fields/frame/field-frame.ts'),
      name: 'TesseraSecureField',
      formats: ['iife'],
      fileName: () => SECURE_FIELD_SCRIPT_FILE,
    },
    rolldownOptions: {
      checks: { bundlerTimings: false },
    },
  },
});
