// Entry of the build that prerenders the site (web/build/prerender.ts bundles it for Node): the
// same route tree as the browser's, loaded at a page's address on a memory history and rendered by
// React's server renderer. Loaders here read only what the build holds (the docs manifest, the
// compiled pages, the OpenAPI documents), so the browser can load the same page itself before it
// hydrates (main.tsx): no router state has to travel inside the page.

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { docs } from 'virtual:tessera/docs-manifest';
import type { DocMetadata } from './docs/types';
import { seedBrowserScripts, type BrowserScript } from './docs/browser-scripts/browser-scripts';
import { createAppRouter } from './router';
import type { PageHead } from './app/page-head';
import { pageHeadOf } from './site/document-head';

/** The routes whose pages are prerendered: the documentation site's, under the `_site` layout. */
const SITE_LAYOUT_ID = '/_site';
const DOC_PAGE_ROUTE_ID = '/_site/docs/$';
const CATCH_ALL_ROUTE_ID = '/_site/$';
/** Addresses the site links to with a trailing slash (the original site's, kept). */
const CANONICAL_PATHS: Record<string, string> = { '/_site/openapi': '/openapi/' };
/** Under each not-found scope, the address its not-found page is rendered at. */
const NOT_FOUND_SEGMENT = '_not-found';

export interface SitePage {
  path: string;
  routeId: string;
}

export interface NotFoundPage {
  /** The addresses this page answers: every unknown one starting with `scope`. */
  scope: string;
  path: string;
  /** The route whose not-found page it is. */
  routeId: string;
}

export interface AppRoute {
  routeId: string;
  /** Its address pattern, "$name" for a parameter. */
  path: string;
}

export interface SiteInventory {
  pages: SitePage[];
  notFound: NotFoundPage[];
  /** Routes the build leaves to the browser (the checkout pages): the app shell answers them. */
  appRoutes: AppRoute[];
}

interface RouteLike {
  id: string;
  fullPath: string;
  parentRoute?: RouteLike;
  children?: unknown;
  options: { notFoundComponent?: unknown };
}

function isUnder(route: RouteLike, ancestorId: string): boolean {
  for (let current = route.parentRoute; current; current = current.parentRoute)
    if (current.id === ancestorId) return true;
  return false;
}

/** Every page of the site, from the route tree and the docs manifest. */
export function siteInventory(): SiteInventory {
  const router = createAppRouter({ history: createMemoryHistory() });
  const routes = Object.values(router.routesById) as RouteLike[];
  const pages: SitePage[] = [];
  const notFound: NotFoundPage[] = [{ scope: '/', path: `/${NOT_FOUND_SEGMENT}`, routeId: CATCH_ALL_ROUTE_ID }];
  const appRoutes: AppRoute[] = [];
  for (const route of routes) {
    if (route.id === '__root__' || route.id === SITE_LAYOUT_ID) continue;
    if (!isUnder(route, SITE_LAYOUT_ID)) {
      appRoutes.push({ routeId: route.id, path: route.fullPath });
      continue;
    }
    if (route.id === DOC_PAGE_ROUTE_ID) {
      // The documentation home (slug "/") is the docs index route's page.
      for (const doc of docs) if (doc.path !== '/docs') pages.push({ path: doc.path, routeId: route.id });
      continue;
    }
    if (route.id === CATCH_ALL_ROUTE_ID) continue;
    if (route.children) {
      // A layout with a path prefix: its unknown addresses get its own not-found page.
      if (route.options.notFoundComponent && route.fullPath !== '/')
        notFound.push({
          scope: `${route.fullPath}/`,
          path: `${route.fullPath}/${NOT_FOUND_SEGMENT}`,
          routeId: route.id,
        });
      continue;
    }
    if (route.fullPath.includes('$'))
      throw new Error(
        `The prerender does not know the pages of the route ${route.id}: list them in entry-prerender.tsx.`,
      );
    pages.push({
      path: CANONICAL_PATHS[route.id] ?? (route.fullPath.replace(/(.)\/$/, '$1') || '/'),
      routeId: route.id,
    });
  }
  return { pages, notFound, appRoutes };
}

export interface RenderedPage {
  path: string;
  status: 200 | 404;
  head: PageHead;
  /** What React rendered into #root. */
  html: string;
  /** The routes of the page, outermost first (their code is what the browser loads to hydrate). */
  routeIds: string[];
  /** The client build's module of the page's compiled content (a documentation page's .mdx). */
  contentModule: string | null;
}

/** Renders the page at `path` as the browser will hydrate it. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const matches = router.state.matches;
  const failed = matches.find((match) => match.status === 'error');
  if (failed) throw new Error(`${path}: the route ${failed.routeId} failed: ${String(failed.error)}`);
  const head = pageHeadOf(matches);
  if (!head) throw new Error(`${path}: no route of the page names its title and description (route option "head").`);
  // Not found: a route threw notFound() (an unknown docs page), or only the catch-all route matched.
  const notFound = matches.some(
    (match) => match.status === 'notFound' || match._notFound === true || match.routeId === CATCH_ALL_ROUTE_ID,
  );
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // A component that suspended leaves its fallback in the page and its content to the browser:
  // the page would not read without JavaScript.
  if (/<!--\$[?!]-->/.test(html))
    throw new Error(`${path}: a component suspended while the build rendered it; load its data in a route loader.`);
  const docMatch = matches.find((match) => match.routeId === DOC_PAGE_ROUTE_ID || match.routeId === '/_site/docs/');
  const loaderData: unknown = docMatch?.loaderData;
  const doc =
    typeof loaderData === 'object' && loaderData !== null && 'doc' in loaderData
      ? (loaderData.doc as DocMetadata)
      : null;
  return {
    path,
    status: notFound ? 404 : 200,
    head,
    html,
    routeIds: matches.map((match) => match.routeId),
    contentModule: doc ? contentModuleOf(doc) : null,
  };
}

/** Where a page's .mdx is, as the client build's manifest names it (see web/build/docs-content.ts). */
function contentModuleOf(doc: DocMetadata): string {
  // An index.mdx is its folder's page: its id is the folder (sourceDir), its file the folder's index.
  const file = doc.isIndex ? [doc.sourceDir, 'index'].filter(Boolean).join('/') : doc.id;
  return `src/docs/content/${file}.mdx`;
}

/** The scripts the build serves to browsers, for the SDK and CDN reference page. */
export function setBrowserScripts(scripts: BrowserScript[]): void {
  seedBrowserScripts(scripts);
}
