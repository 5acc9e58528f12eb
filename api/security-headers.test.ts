import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseSecurityHeaders,
  inlineHashes,
  installSecurityHeaders,
  isCheckoutPage,
  isSecureFieldPage,
  pageHeaders,
  pagePolicies,
  resourceHeaders,
  SECURE_FIELD_FONT_ORIGINS,
} from './security-headers';
import { ALLOWED_FONT_ORIGINS } from '../web/src/checkout/secure-fields/style';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const dist = mkdtempSync(join(tmpdir(), 'tessera-csp-'));
writeFileSync(
  join(dist, 'index.html'),
  '<html><head><script>var a=1;</script><style>html{color:red}</style>' +
    '<script type="module" crossorigin src="/assets/main.js"></script></head><body></body></html>',
);
writeFileSync(join(dist, 'checkout.html'), '<html><head><style>\nbody{margin:0}\n</style></head></html>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('Content-Security-Policy of the pages', () => {
  it('hashes inline scripts and styles exactly as written, never scripts with a src', () => {
    expect(inlineHashes('<script>x()</script><script src="/a.js"></script><style media="all">p{}</style>')).toEqual({
      scripts: [sha('x()')],
      styles: [sha('p{}')],
    });
  });

  it('allows the build’s inline code by hash and no origin but its own', () => {
    const { docs, checkout } = pagePolicies(dist);
    expect(docs).toContain(`script-src 'self' ${sha('var a=1;')}`);
    expect(docs).toContain(`style-src 'self' ${sha('html{color:red}')} ${sha('\nbody{margin:0}\n')}`);
    expect(docs).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect(docs).toContain("frame-ancestors 'none'");
    expect(docs).toContain("form-action 'self'");
    // Partners' 3-D Secure pages take a form POST from the hosted page.
    expect(checkout).not.toContain('form-action');
    expect(checkout).toContain("frame-ancestors 'none'");
  });

  it('tells the shopper’s pages from the docs', () => {
    expect(isCheckoutPage('/entities/e-1/sessions/s-1')).toBe(true);
    expect(isCheckoutPage('/demo/merchant')).toBe(true);
    expect(isCheckoutPage('/demo/merchant/return')).toBe(true);
    expect(isCheckoutPage('/docs/integrate/purse-checkout/hosted-page')).toBe(false);
    expect(isCheckoutPage('/')).toBe(false);
    const policies = { docs: 'docs-policy', checkout: 'checkout-policy' };
    expect(pageHeaders('/docs', policies)['content-security-policy']).toBe('docs-policy');
    expect(pageHeaders('/docs', policies)['cross-origin-opener-policy']).toBe('same-origin');
    expect(pageHeaders('/entities/e/sessions/s', policies)['content-security-policy']).toBe('checkout-policy');
    expect(pageHeaders('/entities/e/sessions/s', policies)['cross-origin-opener-policy']).toBeUndefined();
  });
});

describe('headers of every answer', () => {
  it('sends Strict-Transport-Security over https only', () => {
    expect(baseSecurityHeaders({ https: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(baseSecurityHeaders({ https: false })['strict-transport-security']).toBeUndefined();
  });

  it('lets any origin load the widget script, and no origin load anything else', () => {
    expect(resourceHeaders('/widget/v1/tessera-widget.js', 'text/javascript')).toEqual({
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
    });
    expect(resourceHeaders('/assets/main.js', 'text/javascript')['cross-origin-resource-policy']).toBe('same-origin');
    expect(resourceHeaders('/v2/payments', 'application/problem+json')['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('puts them on answers, errors included, and the page policy on HTML', async () => {
    const app = Fastify({ logger: false });
    installSecurityHeaders(app, { https: true, distDir: dist });
    app.get('/docs', async (_request, reply) => reply.type('text/html').send('<html></html>'));
    app.get('/v2/fails', async () => {
      throw Object.assign(new Error('no'), { statusCode: 400 });
    });
    const page = await app.inject({ method: 'GET', url: '/docs?x=1' });
    expect(page.headers['content-security-policy']).toBe(pagePolicies(dist).docs);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const error = await app.inject({ method: 'GET', url: '/v2/fails' });
    expect(error.statusCode).toBe(400);
    expect(error.headers['x-content-type-options']).toBe('nosniff');
    expect(error.headers['strict-transport-security']).toBeTruthy();
    expect(error.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    await app.close();
  });
});

describe('the secure field frame page', () => {
  const policies = { docs: 'docs-policy', checkout: 'checkout-policy' };

  it('may be framed by any merchant page, and may do nothing else but run its script and call its own origin', () => {
    expect(isSecureFieldPage('/secure-fields/v1/field.html')).toBe(true);
    expect(isSecureFieldPage('/secure-fields/v1/field.js')).toBe(false);
    expect(isSecureFieldPage('/docs/secure-fields/v1/field.html')).toBe(false);
    const headers = pageHeaders('/secure-fields/v1/field.html', policies);
    const policy = new Map(
      headers['content-security-policy']!.split(';').map((part) => {
        const [name, ...sources] = part.trim().split(/\s+/);
        return [name!, sources];
      }),
    );
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(['http:', 'https:']);
    expect(policy.get('font-src')).toEqual(["'self'", ...SECURE_FIELD_FONT_ORIGINS]);
    expect(policy.has('frame-src')).toBe(false);
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('checks fonts against the same origins as the frames do', () => {
    expect([...SECURE_FIELD_FONT_ORIGINS]).toEqual([...ALLOWED_FONT_ORIGINS]);
  });

  it('serves the headless SDK to any origin, as the widget', () => {
    expect(resourceHeaders('/sdk/v1/tessera-headless.mjs', 'text/javascript')['access-control-allow-origin']).toBe('*');
  });
});
