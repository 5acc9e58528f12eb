// Which page a browser address gets, from the prerendered site the web build wrote
// (web/build/prerender.ts → pages/site.json): its prerendered file (200), a 301 to a page's new or
// canonical address, the app shell for the pages the browser renders alone (the demo shop), the
// hosted payment page's own entry, or the not-found page of the address's section (404). Pure, so
// the api (api/web-app.ts) and the tests' static server answer alike.

/** Where the build describes the prerendered site, relative to the web build folder. */
export const SITE_MANIFEST_FILE = 'pages/site.json';

export interface SiteManifest {
  /**
   * Origin written into the pages where the deployment's public URL belongs (canonical and Open
   * Graph addresses, sitemap, robots.txt): the api puts TESSERA_PUBLIC_URL in its place.
   */
  publicUrlPlaceholder: string;
  /** Every prerendered page at its canonical address. */
  pages: { path: string; file: string }[];
  /** The not-found page of each section: the longest `scope` that starts an unknown address wins. */
  notFound: { scope: string; file: string }[];
  /** Moved pages (web/src/docs/redirects.ts): old address → new one. */
  redirects: { from: string; to: string }[];
  /** Routes the browser renders alone from the app shell, as router paths ("/demo/merchant", "$param" segments). */
  appRoutes: string[];
  /** The app shell (the built web/index.html). */
  appShell: string;
  sitemap: string;
  robots: string;
}

export type PageAnswer =
  { kind: 'file'; status: 200 | 404; file: string } | { kind: 'redirect'; status: 301; location: string };

const HOSTED_PAGE = /^\/entities\/[^/]+\/sessions\/[^/]+\/?$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * The shapes of API v1's calls at the host root (api/routes/v1/v1-routes.ts), whatever the method:
 * only these are the API there, so `/{uuid}/sessions/latest` is a page like any other address.
 */
const V1_AT_ROOT = new RegExp(
  `^/${UUID}/(sessions/(create|init|${UUID}(/(init|validate))?)|orders/[^/]+|transactions/(authorize|capture|${UUID}(/[^/]+)?))/?$`,
  'i',
);

/**
 * Paths of the APIs and of the browser scripts, which answer their own errors (an ApiError, a
 * problem, a plain 404), never a page. `/wallet` and `/wallet/` are the wallet API's reference page;
 * anything below is the API. API v1 also answers at the host root for paths starting with an
 * entity's UUID.
 */
export function isApiPath(path: string): boolean {
  return (
    /^\/(v2|oauth|payment|checkout|openapi\/.+\.json|health|metrics|partners|sdk|widget|temporal-codec)(\/|$)/.test(
      path,
    ) ||
    /^\/wallet\/./.test(path) ||
    V1_AT_ROOT.test(path)
  );
}

/** Whether `path` names a file (an asset) rather than a page: a missing one is a plain 404. */
export function isAssetPath(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}

/** The other spelling of an address: with a trailing slash if it has none, and the reverse. */
function otherSpelling(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function routePattern(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

export interface SiteIndex {
  manifest: SiteManifest;
  pages: Map<string, string>;
  redirects: Map<string, string>;
  appRoutes: RegExp[];
  notFound: { scope: string; file: string }[];
  hasCheckoutEntry: boolean;
}

export function indexSite(manifest: SiteManifest, options: { hasCheckoutEntry: boolean }): SiteIndex {
  return {
    manifest,
    pages: new Map(manifest.pages.map((page) => [page.path, page.file])),
    redirects: new Map(manifest.redirects.map((redirect) => [withoutTrailingSlash(redirect.from), redirect.to])),
    appRoutes: manifest.appRoutes.map(routePattern),
    notFound: [...manifest.notFound].sort((a, b) => b.scope.length - a.scope.length),
    hasCheckoutEntry: options.hasCheckoutEntry,
  };
}

/**
 * The answer to a GET of the page address `path` (`search`: its query string, "?…" or ""), or null
 * when the address is no page (an API path, an asset).
 */
export function resolvePageAddress(site: SiteIndex, path: string, search = ''): PageAnswer | null {
  if (isApiPath(path) || isAssetPath(path)) return null;
  const moved = site.redirects.get(withoutTrailingSlash(path));
  if (moved !== undefined) return { kind: 'redirect', status: 301, location: moved + search };
  const file = site.pages.get(path);
  if (file !== undefined) return { kind: 'file', status: 200, file };
  if (site.pages.has(otherSpelling(path)))
    return { kind: 'redirect', status: 301, location: otherSpelling(path) + search };
  if (HOSTED_PAGE.test(path))
    return { kind: 'file', status: 200, file: site.hasCheckoutEntry ? 'checkout.html' : site.manifest.appShell };
  if (site.appRoutes.some((pattern) => pattern.test(path)))
    return { kind: 'file', status: 200, file: site.manifest.appShell };
  const notFound = site.notFound.find((page) => path.startsWith(page.scope)) ?? site.notFound.at(-1);
  if (!notFound) throw new Error(`${SITE_MANIFEST_FILE} lists no not-found page.`);
  return { kind: 'file', status: 404, file: notFound.file };
}

/** The page body as served: the deployment's public URL in place of the build's placeholder. */
export function withPublicUrl(body: string, placeholder: string, publicUrl: string): string {
  return body.replaceAll(placeholder, publicUrl.replace(/\/+$/, ''));
}

export function parseSiteManifest(json: unknown): SiteManifest {
  const fail = (what: string): never => {
    throw new Error(`${SITE_MANIFEST_FILE}: ${what}. Build the web app again (npm run build:web).`);
  };
  if (typeof json !== 'object' || json === null) return fail('not an object');
  const value = json as Partial<Record<keyof SiteManifest, unknown>>;
  const strings = ['publicUrlPlaceholder', 'appShell', 'sitemap', 'robots'] as const;
  for (const key of strings) if (typeof value[key] !== 'string') fail(`"${key}" is missing`);
  const list = <T>(key: keyof SiteManifest, check: (item: unknown) => item is T): T[] => {
    const items = value[key];
    if (!Array.isArray(items) || !items.every(check)) return fail(`"${key}" is not a list of the expected entries`);
    return items;
  };
  const has = (item: unknown, ...keys: string[]): item is Record<string, string> =>
    typeof item === 'object' &&
    item !== null &&
    keys.every((key) => typeof (item as Record<string, unknown>)[key] === 'string');
  return {
    publicUrlPlaceholder: value.publicUrlPlaceholder as string,
    appShell: value.appShell as string,
    sitemap: value.sitemap as string,
    robots: value.robots as string,
    pages: list('pages', (item): item is { path: string; file: string } => has(item, 'path', 'file')),
    notFound: list('notFound', (item): item is { scope: string; file: string } => has(item, 'scope', 'file')),
    redirects: list('redirects', (item): item is { from: string; to: string } => has(item, 'from', 'to')),
    appRoutes: list('appRoutes', (item): item is string => typeof item === 'string'),
  };
}
