// Prerendered pages (web/build/prerender.ts) are hydrated: the first render in the browser must
// produce exactly the HTML the build rendered, which knew nothing of the reader's storage, screen
// or platform. What depends on those is rendered from the build's value until hydration is over,
// then from the browser's: `useHydrated` tells which render this is.

import { useEffect, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while rendering on the server and while hydrating, true afterwards (and at once in a page
 * rendered by the browser alone). React re-renders the component when hydration ends.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A media query's match, from `serverValue` while the build renders and the page hydrates, then
 * from the browser (and on every change).
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? serverValue,
    () => serverValue,
  );
}

/** Set on <html> once the app has taken over a documentation page: hydrated, or rendered by the browser. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** Marks the document once hydration is over (tests and tools wait for it before interacting). */
export function useMarkAppReady(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(APP_READY_ATTRIBUTE, 'true');
  }, [hydrated]);
}
