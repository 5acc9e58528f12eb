/**
 * A lazily loaded chunk (a page's code) failed to download: a network failure or a deployment that
 * replaced the files, not a bug in the page. Messages per browser engine and Vite's CSS preloader.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return [
    'Failed to fetch dynamically imported module', // Chromium
    'error loading dynamically imported module', // Firefox
    'Importing a module script failed', // Safari
    'Unable to preload CSS', // Vite's preload helper
  ].some((prefix) => error.message.startsWith(prefix));
}
