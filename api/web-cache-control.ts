// How long browsers and proxies may keep what the api serves of the web app. The SDK and CDN
// reference page (/docs/references/sdk-cdn-urls) prints these values for each script, read from
// this function by the web build, so the page says what the api really sends.
//
// - /assets/: the app's code and styles, whose file names carry a hash of their content, so a
//   changed file is a new address: cached for a year, never revalidated.
// - The scripts other sites load (/widget/, /sdk/) keep one address per major version across
//   upgrades of the deployment: cached five minutes, so a new release reaches every shop within
//   minutes, then revalidated (ETag, Last-Modified).
// - Everything else (pages, sitemap, robots.txt, search index, these lists): revalidated on each
//   use, so a new build shows at once; an unchanged file costs a 304.

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const STABLE_SCRIPT = 'public, max-age=300';
export const REVALIDATE = 'no-cache';

/** Whether `path` is a script other sites load from Tessera at a stable address. */
export function isBrowserScriptPath(path: string): boolean {
  return /^\/(widget|sdk)\/.+\.js$/.test(path);
}

export function cacheControlFor(path: string): string {
  const pathname = path.split('?')[0] ?? path;
  if (pathname.startsWith('/assets/')) return IMMUTABLE;
  if (isBrowserScriptPath(pathname)) return STABLE_SCRIPT;
  return REVALIDATE;
}
