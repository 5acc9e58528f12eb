// The root route stays minimal: it is shared by the documentation and the shopper's checkout pages,
// and everything here is downloaded by both. The docs shell lives in the `_site` layout route.

import { createRootRoute, Outlet } from '@tanstack/react-router';

export const Route = createRootRoute({
  component: Outlet,
});
