// The Vite config of a browser script built beside the app (the secure field frame's script, the
// headless SDK): a library build into the app's output folder, ES2022 (what the checkout's code
// needs at run time anyway, Object.hasOwn), minified, no public folder.
import { resolve } from 'node:path';
import type { LibraryFormats, Plugin, UserConfig } from 'vite';

export function browserScriptConfig(options: {
  webRoot: string;
  entry: string;
  /** The global an IIFE assigns its exports to. */
  name: string;
  formats: LibraryFormats[];
  fileName(format: LibraryFormats): string;
  plugins?: Plugin[];
}): UserConfig {
  return {
    root: options.webRoot,
    publicDir: false,
    plugins: options.plugins ?? [],
    build: {
      outDir: process.env.TESSERA_WEB_OUT_DIR ?? resolve(options.webRoot, 'dist'),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: {
        entry: resolve(options.webRoot, options.entry),
        name: options.name,
        formats: options.formats,
        fileName: (format) => options.fileName(format as LibraryFormats),
      },
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  };
}
