import { createRouter } from '@tanstack/react-router';
import { browserConnection, shouldPrefetch } from './app/prefetch';
import { RouteError } from './app/RouteError';
import { routeTree } from './routeTree.gen';

export function createAppRouter() {
  const connection = browserConnection();
  const router = createRouter({
    routeTree,
    // The site's routes mix "/openapi/" and "/api-v2": keep each URL as it was written.
    trailingSlash: 'preserve',
    defaultPreload: shouldPrefetch(connection) ? 'intent' : false,
    defaultErrorComponent: RouteError,
    // While a page's code loads, the previous page stays on screen and the progress bar runs.
    defaultPendingMs: 10_000,
    scrollRestoration: true,
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
