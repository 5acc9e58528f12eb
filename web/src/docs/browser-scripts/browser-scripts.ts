// The scripts Tessera serves to browsers (the checkout widget, and every script added beside it), as
// the build found them in its own output (web/build/browser-scripts.ts writes browser-scripts.json):
// address, Subresource Integrity hash, size, and the headers the api sends with them. The SDK and
// CDN reference page renders them; the build seeds the list when it prerenders that page, a
// browser fetches it.

export const BROWSER_SCRIPTS_FILE = 'browser-scripts.json';

export interface BrowserScript {
  /** Address on the deployment, e.g. /widget/v1/tessera-widget.js. */
  url: string;
  /** The version line in the address (v1), or null for an address without one. */
  majorVersion: string | null;
  /** `sha384-…` of the file this build serves. */
  integrity: string;
  bytes: number;
  gzipBytes: number;
  /** Headers the api answers the script with (cache, CORS, resource policy), by lower-case name. */
  headers: Record<string, string>;
}

/** A promise React's `use` reads at once when it is already settled (the tags React itself sets). */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

let loaded: Tracked<BrowserScript[] | null> | null = null;

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked: Tracked<T> = promise;
  promise.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return tracked;
}

/**
 * The list, fetched once per page load (again after a failure); null where the server has none
 * (the development server, which builds nothing).
 */
export function browserScripts(): Promise<BrowserScript[] | null> {
  if (loaded && loaded.status !== 'rejected') return loaded;
  if (typeof window === 'undefined') throw new Error('The prerender must seed the browser scripts before rendering.');
  loaded = track(
    fetch(`/${BROWSER_SCRIPTS_FILE}`).then(async (response) => {
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`/${BROWSER_SCRIPTS_FILE} answered ${response.status}.`);
      return parseBrowserScripts(await response.json());
    }),
  );
  return loaded;
}

/** The build's list, known before the page renders (the prerender runs without a server to fetch from). */
export function seedBrowserScripts(scripts: BrowserScript[]): void {
  const settled: Tracked<BrowserScript[] | null> = Promise.resolve(scripts);
  loaded = Object.assign(settled, { status: 'fulfilled' as const, value: scripts });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseBrowserScripts(json: unknown): BrowserScript[] {
  if (!Array.isArray(json)) throw new Error(`/${BROWSER_SCRIPTS_FILE} is not a list.`);
  return json.map((entry: unknown, index): BrowserScript => {
    if (!isRecord(entry)) throw new Error(`/${BROWSER_SCRIPTS_FILE}: entry ${index} is not an object.`);
    const { url, majorVersion, integrity, bytes, gzipBytes, headers } = entry;
    if (
      typeof url !== 'string' ||
      typeof integrity !== 'string' ||
      typeof bytes !== 'number' ||
      typeof gzipBytes !== 'number' ||
      !isRecord(headers)
    )
      throw new Error(`/${BROWSER_SCRIPTS_FILE}: entry ${index} is not a script description.`);
    return {
      url,
      majorVersion: typeof majorVersion === 'string' ? majorVersion : null,
      integrity,
      bytes,
      gzipBytes,
      headers: Object.fromEntries(
        Object.entries(headers).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      ),
    };
  });
}
