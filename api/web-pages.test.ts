import { describe, expect, it } from 'vitest';
import {
  indexSite,
  isApiPath,
  parseSiteManifest,
  resolvePageAddress,
  withPublicUrl,
  type SiteManifest,
} from './web-pages';

const manifest: SiteManifest = {
  publicUrlPlaceholder: 'https://tessera-public-url.invalid',
  pages: [
    { path: '/', file: 'pages/index.html' },
    { path: '/docs', file: 'pages/docs.html' },
    { path: '/docs/understand/introduction', file: 'pages/docs/understand/introduction.html' },
    { path: '/docs/integrate/purse-checkout/widget-v3/', file: 'pages/docs/integrate/purse-checkout/widget-v3.html' },
    { path: '/openapi/', file: 'pages/openapi.html' },
    { path: '/wallet', file: 'pages/wallet.html' },
  ],
  notFound: [
    { scope: '/', file: 'pages/_not-found.html' },
    { scope: '/docs/', file: 'pages/docs/_not-found.html' },
  ],
  redirects: [
    { from: '/docs/integrate/purse-checkout/widget-v3/how-to-build', to: '/docs/integrate/purse-checkout/widget-v3/' },
  ],
  appRoutes: ['/demo/merchant', '/demo/merchant/return', '/entities/$entityId/sessions/$sessionId'],
  appShell: 'index.html',
  sitemap: 'pages/sitemap.xml',
  robots: 'pages/robots.txt',
};
const site = indexSite(parseSiteManifest(JSON.parse(JSON.stringify(manifest))), { hasCheckoutEntry: true });

describe('resolvePageAddress', () => {
  it('serves each prerendered page at its address', () => {
    expect(resolvePageAddress(site, '/')).toEqual({ kind: 'file', status: 200, file: 'pages/index.html' });
    expect(resolvePageAddress(site, '/docs/understand/introduction')).toMatchObject({
      status: 200,
      file: 'pages/docs/understand/introduction.html',
    });
    expect(resolvePageAddress(site, '/openapi/')).toMatchObject({ status: 200, file: 'pages/openapi.html' });
    expect(resolvePageAddress(site, '/wallet')).toMatchObject({ status: 200, file: 'pages/wallet.html' });
  });

  it('answers the other spelling of a page address with a 301 to its canonical address, query kept', () => {
    expect(resolvePageAddress(site, '/openapi')).toEqual({ kind: 'redirect', status: 301, location: '/openapi/' });
    expect(resolvePageAddress(site, '/wallet/')).toEqual({ kind: 'redirect', status: 301, location: '/wallet' });
    expect(resolvePageAddress(site, '/docs/understand/introduction/', '?from=x')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/docs/understand/introduction?from=x',
    });
  });

  it('answers a moved page with a 301 to its new address, with or without a trailing slash', () => {
    for (const path of [
      '/docs/integrate/purse-checkout/widget-v3/how-to-build',
      '/docs/integrate/purse-checkout/widget-v3/how-to-build/',
    ])
      expect(resolvePageAddress(site, path)).toEqual({
        kind: 'redirect',
        status: 301,
        location: '/docs/integrate/purse-checkout/widget-v3/',
      });
  });

  it('answers an unknown address with the not-found page of its section, status 404', () => {
    expect(resolvePageAddress(site, '/docs/partners/nonexistent/')).toEqual({
      kind: 'file',
      status: 404,
      file: 'pages/docs/_not-found.html',
    });
    expect(resolvePageAddress(site, '/docs/understand/introduction/extra')).toMatchObject({ status: 404 });
    expect(resolvePageAddress(site, '/no/such/page')).toEqual({
      kind: 'file',
      status: 404,
      file: 'pages/_not-found.html',
    });
    expect(resolvePageAddress(site, '/docsx')).toMatchObject({ file: 'pages/_not-found.html' });
  });

  it('gives the hosted payment page its own entry and the demo shop the app shell', () => {
    expect(resolvePageAddress(site, '/entities/e-1/sessions/s-1')).toMatchObject({
      status: 200,
      file: 'checkout.html',
    });
    expect(resolvePageAddress(site, '/entities/e-1/sessions/s-1/')).toMatchObject({ file: 'checkout.html' });
    expect(resolvePageAddress(site, '/demo/merchant')).toMatchObject({ status: 200, file: 'index.html' });
    expect(resolvePageAddress(site, '/demo/merchant/return')).toMatchObject({ status: 200, file: 'index.html' });
    expect(resolvePageAddress(site, '/entities/e-1/sessions')).toMatchObject({ status: 404 });
    const withoutCheckout = indexSite(manifest, { hasCheckoutEntry: false });
    expect(resolvePageAddress(withoutCheckout, '/entities/e-1/sessions/s-1')).toMatchObject({ file: 'index.html' });
  });

  it('leaves API paths and assets to their own answers', () => {
    for (const path of [
      '/v2/payments/x',
      '/payment/v1/e/sessions/create',
      '/wallet/v2/session',
      '/wallet/session',
      '/oauth/token',
      '/checkout/v1/sessions/s-1',
      '/openapi/v2.json',
      '/health',
      '/metrics',
      '/sdk/v1/unknown',
      '/widget/v9',
      '/3f1c8e52-1f0c-4a43-9a3b-2b8f2f0a8c11/sessions/create',
      '/assets/missing-chunk.js',
      '/favicon.png',
    ])
      expect(resolvePageAddress(site, path), path).toBeNull();
    expect(isApiPath('/wallet')).toBe(false);
    expect(isApiPath('/wallet/')).toBe(false);
    expect(isApiPath('/entities/e-1/sessions/s-1')).toBe(false);
  });

  it('takes for API v1 at the host root only the shapes of its calls, with UUIDs', () => {
    const uuid = '3f1c8e52-1f0c-4a43-9a3b-2b8f2f0a8c11';
    for (const path of [
      `/${uuid}/sessions/create`,
      `/${uuid}/sessions/init`,
      `/${uuid}/sessions/${uuid}`,
      `/${uuid}/sessions/${uuid}/validate`,
      `/${uuid}/orders/order-17`,
      `/${uuid}/transactions/${uuid}`,
      `/${uuid}/transactions/${uuid}/capture`,
      `/${uuid}/transactions/AUTHORIZE`,
    ])
      expect(isApiPath(path), path).toBe(true);
    for (const path of [
      `/${uuid}/sessions/latest`,
      `/${uuid}/transactions/recent`,
      `/${uuid}/orders`,
      `/${uuid}`,
      `/shop/sessions/${uuid}`,
    ])
      expect(isApiPath(path), path).toBe(false);
  });
});

describe('the site manifest', () => {
  it('puts the deployment’s address in place of the build’s placeholder', () => {
    expect(
      withPublicUrl(
        '<link rel="canonical" href="https://tessera-public-url.invalid/docs" /><loc>https://tessera-public-url.invalid/</loc>',
        manifest.publicUrlPlaceholder,
        'https://pay.example.com/',
      ),
    ).toBe('<link rel="canonical" href="https://pay.example.com/docs" /><loc>https://pay.example.com/</loc>');
  });

  it('refuses a manifest of another shape with the command that rebuilds it', () => {
    expect(() => parseSiteManifest({ ...manifest, pages: [{ path: '/' }] })).toThrow(/"pages".*npm run build:web/);
    expect(() => parseSiteManifest(null)).toThrow(/not an object/);
  });
});
