import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appPageFor, isApiPath } from './web-app';

const withCheckout = mkdtempSync(join(tmpdir(), 'tessera-web-'));
const withoutCheckout = mkdtempSync(join(tmpdir(), 'tessera-web-'));
writeFileSync(join(withCheckout, 'index.html'), '');
writeFileSync(join(withCheckout, 'checkout.html'), '');
writeFileSync(join(withoutCheckout, 'index.html'), '');
afterAll(() => {
  rmSync(withCheckout, { recursive: true, force: true });
  rmSync(withoutCheckout, { recursive: true, force: true });
});

describe('appPageFor', () => {
  it('serves the hosted payment page its own entry, every other page index.html', () => {
    expect(appPageFor('/entities/e-1/sessions/s-1', withCheckout)).toBe('checkout.html');
    expect(appPageFor('/entities/e-1/sessions/s-1/', withCheckout)).toBe('checkout.html');
    expect(appPageFor('/entities/e-1/sessions', withCheckout)).toBe('index.html');
    expect(appPageFor('/demo/merchant', withCheckout)).toBe('index.html');
    expect(appPageFor('/docs/integrate/getting-started', withCheckout)).toBe('index.html');
  });

  it('falls back to index.html for a build without the checkout entry', () => {
    expect(appPageFor('/entities/e-1/sessions/s-1', withoutCheckout)).toBe('index.html');
  });

  it('never takes an API path for a page', () => {
    expect(isApiPath('/checkout/v1/sessions/s-1')).toBe(true);
    expect(isApiPath('/entities/e-1/sessions/s-1')).toBe(false);
  });
});
