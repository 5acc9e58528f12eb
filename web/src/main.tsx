// Entry of the app in the browser. A page the build prerendered (web/build/prerender.ts) is
// hydrated: the router first loads the page as the build did (route code, the page's content), so
// the first render matches the HTML already on screen. Any other page (the demo shop, the dev
// server) is rendered by the browser alone.

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { createAppRouter } from './router';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('web/index.html must contain <div id="root">.');

const router = createAppRouter();
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

const renderedAt = container.getAttribute(PRERENDERED_ATTRIBUTE);
if (renderedAt === null) {
  createRoot(container).render(app);
} else if (renderedAt === window.location.pathname) {
  // As the router's own SSR hydration does: it then renders its match tree as it did on the server
  // (no Suspense boundary of its own around the root), so React finds the markup it expects.
  router.ssr = { manifest: undefined };
  void router.load().then(() => hydrateRoot(container, app));
} else {
  // The not-found page, at another address than the one it was rendered at: rendered afresh, once
  // its code is loaded, in one commit that replaces the build's markup with the same page.
  void router.load().then(() => createRoot(container).render(app));
}
