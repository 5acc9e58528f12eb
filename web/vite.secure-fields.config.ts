// The secure field frame's script: one IIFE at <outDir>/secure-fields/v1/field.js, loaded by the
// frame page public/secure-fields/v1/field.html (copied by the app's build). No framework and no
// third-party code: the frame is the only place a card number is typed.
//
// Built after the app by web/vite.config.ts (plugin browserScripts), into the same outDir.

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { browserScriptConfig } from './build/browser-script-config.js';

export const SECURE_FIELD_SCRIPT_FILE = 'secure-fields/v1/field.js';

export default defineConfig(
  browserScriptConfig({
    webRoot: fileURLToPath(new URL('.', import.meta.url)),
    entry: 'src/checkout/secure-fields/frame/field-frame.ts',
    name: 'TesseraSecureField',
    formats: ['iife'],
    fileName: () => SECURE_FIELD_SCRIPT_FILE,
  }),
);
