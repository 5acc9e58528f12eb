// Vite build of the web app: the public documentation site (index.html), the shopper's hosted
// payment page (checkout.html, without the router), right after the checkout widget script
// (vite.widget.config.ts → widget/v1/tessera-widget.js), then the prerendered site (pages/,
// build/prerender.ts) and last the compressed copies of every file (build/precompress.ts). See
// web/README.md.
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
 * Builds the widget script (web/vite.widget.config.ts) into the same output folder once the app is
 * built, so one `vite build` gives everything the api serves.
 */
function checkoutWidget(): Plugin {
  let outDir = '';
  let logLevel: LogLevel | undefined;
  return {
    name: 'tessera:checkout-widget',
    // Not in the prerender's SSR build (build/prerender.ts), which loads this config too.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      outDir = config.build.outDir;
      logLevel = config.logLevel;
    },
    async closeBundle() {
      await build({
        configFile: resolve(webRoot, 'vite.widget.config.ts'),
        ...(logLevel ? { logLevel } : {}),
        build: { outDir, emptyOutDir: false },
      });
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
    docsContent({ contentDir: resolve(webRoot, 'src/docs/content'), routeBase: '/docs' }),
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
    checkoutWidget(),
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
