// The checkout widget script: one self-contained IIFE at <outDir>/widget/v1/tessera-widget.js,
// the address every EMBEDDED session's widget.js_url names. React and the checkout only: no
// router, no docs shell, no CSS file (the styles are inlined into the widget's shadow root).
//
// Built after the app by web/vite.config.ts (plugin checkoutWidget), into the same outDir:
//   npx vite build --config web/vite.config.ts
// or alone (into web/dist, keeping what is there):
//   npx vite build --config web/vite.widget.config.ts

import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export const WIDGET_FILE = 'widget/v1/tessera-widget.js';

export default defineConfig({
  root: webRoot,
  publicDir: false,
  plugins: [react()],
  // Lib mode leaves process.env.NODE_ENV to the consumer, and a script tag has none: fix it at build
  // time, as Vite's own (production unless the build runs with another NODE_ENV, as the e2e build
  // does: React's build then matches the JSX transform's).
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
  build: {
    outDir: process.env.TESSERA_WEB_OUT_DIR ?? resolve(webRoot, 'dist'),
    emptyOutDir: false,
    // ES2022, as the checkout's code already needs at run time (Object.hasOwn, core/saved-cards.ts):
    // lowering the syntax further would only weigh more for browsers that cannot run it anyway.
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    lib: {
      entry: resolve(webRoot, 'src/checkout/widget/widget.tsx'),
      name: 'TesseraCheckoutBundle',
      formats: ['iife'],
      fileName: () => WIDGET_FILE,
    },
    rolldownOptions: {
      checks: { bundlerTimings: false },
    },
  },
});
