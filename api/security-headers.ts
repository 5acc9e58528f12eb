// The security headers of every answer, and the Content-Security-Policy of the pages. Set here
// rather than by @fastify/helmet: the pages need hashes of the built HTML's inline script and
// styles, a policy per kind of page, and the widget script must stay loadable from any origin;
// helmet's defaults would have to be undone one by one for that.
//
// Choices:
// - Pages allow no origin but their own: scripts, styles, images (and data: images), fonts and
//   fetches all come from Tessera. The inline colour-mode script and the pre-paint <style> blocks
//   are allowed by their SHA-256 hashes, read from the built HTML (web/index.html, web/checkout.html),
//   so the policy cannot drift from the build. The prerendered docs pages are made from the built
//   index.html and hold the same inline code and no other (no style attributes either: the build
//   turns them into classes, web/build/highlight-classes.ts).
// - No page may be framed (frame-ancestors 'none', X-Frame-Options DENY): the hosted page is where
//   a shopper types a card, and a page framing it could overlay it (clickjacking). A merchant who
//   wants the checkout inside its own page embeds the widget, which runs in the merchant's page.
// - The docs restrict forms to their own origin; the hosted page and the demo shop do not set
//   form-action: 3-D Secure and wallet redirections POST a form to the partner's page
//   (web/src/checkout/core/navigation.ts), whose origin no list could hold in advance.
// - The widget script (/widget/...) is served to other origins (Cross-Origin-Resource-Policy
//   cross-origin, CORS `*` for a page that loads it with Subresource Integrity). The API's CORS is
//   that of the routes the browser calls: the vault's (api/routes/v2/vault.ts), the checkout's,
//   the wallet's through a wallet session and API v1's init and validate.
// - The secure field frame page (/secure-fields/v1/field.html) is the one page made to be framed:
//   every merchant page embeds it, so frame-ancestors allows any http(s) page and no
//   X-Frame-Options is sent; everything else is shut: its own script and stylesheet, fetches to
//   its own origin (the vault), fonts from its own origin and SECURE_FIELD_FONT_ORIGINS, no form,
//   no base, no plugin, no image. Who may talk to the frame is decided by its handshake
//   (web/src/checkout/secure-fields/protocol.ts), not by who frames it.
// - The headless SDK (/sdk/...) is served to other origins like the widget script.
// - API answers carry `default-src 'none'`: a JSON body opened as a page can run nothing.
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every answer, API and pages alike. */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // The hosted page's address holds the session id; partners and linked sites need none of it.
    'referrer-policy': 'no-referrer',
    // Over https only: a browser ignores it over http, and the local set-up serves http.
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers of an answer that is not a page: a JSON body, a script, a stylesheet, an image. */
export function resourceHeaders(path: string, contentType: string): Record<string, string> {
  if (isWidgetAsset(path))
    return { 'cross-origin-resource-policy': 'cross-origin', 'access-control-allow-origin': '*' };
  return {
    'cross-origin-resource-policy': 'same-origin',
    ...(/json/.test(contentType) ? { 'content-security-policy': API_CSP } : {}),
  };
}

/** Scripts merchants' pages load from Tessera: the widget and the headless SDK (and its types). */
export function isWidgetAsset(path: string): boolean {
  return path.startsWith('/widget/') || path.startsWith('/sdk/');
}

/** The secure field frame page, framed by merchants' pages. */
export function isSecureFieldPage(path: string): boolean {
  return /^\/secure-fields\/v\d+\/field\.html$/.test(path);
}

/**
 * Origins the secure field frames may load web fonts from, besides Tessera's own. The frames check
 * a merchant's fonts against the same list (web/src/checkout/secure-fields/style.ts,
 * ALLOWED_FONT_ORIGINS); a unit test keeps them equal.
 */
export const SECURE_FIELD_FONT_ORIGINS: readonly string[] = ['https://fonts.gstatic.com'];

export const SECURE_FIELD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  `font-src 'self' ${SECURE_FIELD_FONT_ORIGINS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors http: https:',
].join('; ');

/** The shopper's pages: the hosted page and the demo shop that embeds the widget. */
export function isCheckoutPage(path: string): boolean {
  return /^\/(entities\/[^/]+\/sessions\/[^/]+\/?|checkout\.html|demo(\/.*)?)$/.test(path);
}

/** SHA-256 sources of the inline scripts and styles of an HTML page, as CSP writes them. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => hash(m[1]!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => hash(m[1]!));
  return { scripts, styles };
}

const PAGE_FILES = ['index.html', 'checkout.html'];

/**
 * The page policies of a built web app. The hashes of both HTML entries go into one list: each
 * page may then run the other's inline code, which is Tessera's own as much as its own is.
 */
export function pagePolicies(distDir: string): { docs: string; checkout: string } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const file of PAGE_FILES) {
    const path = join(distDir, file);
    if (!existsSync(path)) continue;
    const found = inlineHashes(readFileSync(path, 'utf8'));
    for (const source of found.scripts) scripts.add(source);
    for (const source of found.styles) styles.add(source);
  }
  const common = [
    "default-src 'self'",
    `script-src 'self' ${[...scripts].join(' ')}`.trim(),
    `style-src 'self' ${[...styles].join(' ')}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return { docs: [...common, "form-action 'self'"].join('; '), checkout: common.join('; ') };
}

/** Headers of a page (an HTML answer) at `path`. */
export function pageHeaders(path: string, policies: { docs: string; checkout: string }): Record<string, string> {
  if (isSecureFieldPage(path))
    return {
      'content-security-policy': SECURE_FIELD_CSP,
      // Merchants' pages with Cross-Origin-Embedder-Policy may embed it too.
      'cross-origin-resource-policy': 'cross-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
    };
  const checkout = isCheckoutPage(path);
  return {
    'content-security-policy': checkout ? policies.checkout : policies.docs,
    'cross-origin-resource-policy': 'same-origin',
    // A merchant may open the hosted page in a window of its own and watch it; the docs need no opener.
    ...(checkout ? {} : { 'cross-origin-opener-policy': 'same-origin' }),
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  };
}

/** Page policies of `distDir`, read again when its index.html changes (a rebuild under a running api). */
export function cachedPagePolicies(distDir: string): () => { docs: string; checkout: string } {
  let cached: { mtimeMs: number; policies: { docs: string; checkout: string } } | undefined;
  return () => {
    const index = join(distDir, 'index.html');
    const mtimeMs = existsSync(index) ? statSync(index).mtimeMs : 0;
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, policies: pagePolicies(distDir) };
    return cached.policies;
  };
}

/** Every answer gets the base headers; a page its policy, anything else the resource headers. */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean; distDir: string }): void {
  const base = baseSecurityHeaders(options);
  const policies = cachedPagePolicies(options.distDir);
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '/';
    const contentType = String(reply.getHeader('content-type') ?? '');
    reply.headers(base);
    // The frame page is made to be framed by merchants' pages: frame-ancestors says by whom.
    if (isSecureFieldPage(path)) reply.removeHeader('x-frame-options');
    reply.headers(
      contentType.startsWith('text/html') ? pageHeaders(path, policies()) : resourceHeaders(path, contentType),
    );
    return payload;
  });
}
