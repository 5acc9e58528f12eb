import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { browserConnection, shouldPrefetch } from './app/prefetch';
import { RouteError } from './app/RouteError';
import { routeTree } from './routeTree.gen';

/**
 * The app's router, in the browser (browser history) and in the build that prerenders the pages
 * (`history`: a memory history at the page's address, see entry-prerender.tsx).
 */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  const connection = browserConnection();
  const inBrowser = typeof document !== 'undefined';
  const router = createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    // The site's routes mix "/openapi/" and "/api-v2": keep each URL as it was written.
    trailingSlash: 'preserve',
    defaultPreload: shouldPrefetch(connection) ? 'intent' : false,
    defaultErrorComponent: RouteError,
    // While a page's code loads, the previous page stays on screen and the progress bar runs.
    defaultPendingMs: 10_000,
    // Rendering on the server, the router would write an inline script restoring the scroll
    // position into the page, which the pages' Content-Security-Policy refuses.
    scrollRestoration: inBrowser,
  });
  // The connection can change during a visit (the reader turns on data saving).
  connection?.addEventListener?.('change', () => {
    router.update({ ...router.options, defaultPreload: shouldPrefetch(connection) ? 'intent' : false });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
