// Vite build of the web app: the public documentation site (index.html), the shopper's hosted
// payment page (checkout.html, without the router), right after the browser scripts: the checkout
// widget (vite.widget.config.ts → widget/v1/tessera-widget.js), the secure field frame's script
// (vite.secure-fields.config.ts) and the headless SDK (vite.headless.config.ts); then the
// prerendered site (pages/, build/prerender.ts) and last the compressed copies of every file
// (build/precompress.ts). See web/README.md.
//
//   npx vite build --config web/vite.config.ts     → web/dist (served by the api)
//   npx vite --config web/vite.config.ts           → dev server
//
// Environment:
//   TESSERA_OPENAPI_DIR   folder with {v1,v2,wallet}.json (default web/generated/openapi)
//   TESSERA_WEB_OUT_DIR   output folder (default web/dist)
//   TESSERA_TEST_HOOKS=1  compiles the end-to-end test hooks in (never for a real deployment)
//   VITE_TESSERA_WIDGET_URL, VITE_TESSERA_DASHBOARD_URL, VITE_TESSERA_SURVEY_URL  site addresses

import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { build, defineConfig, type LogLevel, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { docsContent } from './build/docs-content.js';
import { openapiDocuments } from './build/openapi-documents.js';
import { partnerPages } from './build/partner-pages.js';
import { PARTNER_PROFILES } from '../partners/profiles.js';
import { precompress } from './build/precompress.js';
import { prerenderSite } from './build/prerender.js';
import { announcementBar, announcementBarCss } from './src/site/announcement/config.js';
import { announcementInlineScript } from './src/site/announcement/inline-script.js';
import { colorModeConfig, COLOR_MODE_STORAGE_KEY } from './src/site/color-mode/config.js';
import { colorModeInlineScript } from './src/site/color-mode/inline-script.js';
import { redirects } from './src/docs/redirects.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Applies the stored colour mode before the first paint (no flash of the wrong theme), hides an
 * announcement the reader closed (prerendered pages hold the bar) and gives the bar its colours.
 */
function prePaintScript(): Plugin {
  return {
    name: 'tessera:pre-paint-script',
    transformIndexHtml(html, context) {
      // The checkout page follows the shopper's system colour scheme; it has no toggle.
      if (context.path !== '/index.html') return html;
      const marker = /<!-- pre-paint-script:[^>]*-->/;
      if (!marker.test(html)) throw new Error('web/index.html lost its pre-paint-script marker.');
      const script =
        colorModeInlineScript(colorModeConfig, COLOR_MODE_STORAGE_KEY) + announcementInlineScript(announcementBar.id);
      return html.replace(marker, `<script>${script}</script><style>${announcementBarCss(announcementBar)}</style>`);
    },
  };
}

/**
 * The browser scripts served beside the app, each a library build of its own config: the checkout
 * widget, the secure field frame's script and the headless SDK. Built into the same output folder
 * once the app is built, so one `vite build` gives everything the api serves.
 */
export const BROWSER_SCRIPT_CONFIGS = [
  'vite.widget.config.ts',
  'vite.secure-fields.config.ts',
  'vite.headless.config.ts',
] as const;

function browserScripts(): Plugin {
  let outDir = '';
  let logLevel: LogLevel | undefined;
  return {
    name: 'tessera:browser-scripts',
    // Not in the prerender's SSR build (build/prerender.ts), which loads this config too.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      outDir = config.build.outDir;
      logLevel = config.logLevel;
    },
    async closeBundle() {
      for (const configFile of BROWSER_SCRIPT_CONFIGS) {
        await build({
          configFile: resolve(webRoot, configFile),
          ...(logLevel ? { logLevel } : {}),
          build: { outDir, emptyOutDir: false },
        });
      }
    },
  };
}

/** Modules of the docs shell chunk: the site theme and docs registry, except what loads on demand. */
function isDocsShellModule(id: string): boolean {
  if (id.includes('virtual:tessera/docs-manifest')) return true;
  const path = /\/web\/src\/(.+)$/.exec(id)?.[1];
  if (!path) return false;
  // The search dialog and engine load when search is first opened.
  if (
    /^site\/(search\/(engine|load-index|use-search-results|index-format)|theme\/search\/(SearchDialog|SearchHitList|SearchPage))\./.test(
      path,
    )
  )
    return false;
  return path.startsWith('site/') || /^docs\/(registry|sidebars?|load-doc-page)\.ts$/.test(path);
}

export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: resolve(webRoot, 'public'),
  plugins: [
    docsContent({
      contentDir: resolve(webRoot, 'src/docs/content'),
      routeBase: '/docs',
      // The partner pages come from the partners the code registers (web/build/partner-pages.ts).
      generatedPages: () => partnerPages(Object.values(PARTNER_PROFILES)),
    }),
    tanstackRouter({
      target: 'react',
      // Each route's component is its own chunk: a checkout page never downloads the docs shell.
      autoCodeSplitting: true,
      routesDirectory: resolve(webRoot, 'src/routes'),
      generatedRouteTree: resolve(webRoot, 'src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react({ include: /\.(mdx|js|jsx|ts|tsx)$/ }),
    openapiDocuments({ dir: process.env.TESSERA_OPENAPI_DIR ?? resolve(webRoot, 'generated/openapi') }),
    prePaintScript(),
    browserScripts(),
    prerenderSite({ webRoot, redirects }),
    precompress(),
  ],
  define: {
    __TESSERA_TEST_HOOKS__: JSON.stringify(process.env.TESSERA_TEST_HOOKS === '1'),
    __TESSERA_BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: process.env.TESSERA_WEB_OUT_DIR ?? resolve(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // The index is fetched on demand; a warning about large chunks would only be noise for the
    // API reference pages, whose documents are data.
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json maps source modules to chunks: web/scripts/bundle-size.ts reads it.
    manifest: true,
    rolldownOptions: {
      // The docs app (with the router) and the hosted payment page (React and the checkout only).
      input: { main: resolve(webRoot, 'index.html'), checkout: resolve(webRoot, 'checkout.html') },
      // Compiling every MDX page (with shiki) takes most of the build by design; no timing warning.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // The docs shell in one chunk instead of a dozen tiny ones: fewer requests and better
              // compression for every docs page. Only these modules, never their dependencies, so
              // nothing shared with the entry (React, the router) moves out of it.
              name: 'docs-shell',
              test: isDocsShellModule,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
