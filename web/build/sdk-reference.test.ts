import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/checkout/headless/errors';
import { HEADLESS_VERSION } from '../src/checkout/headless/version';
import { sdkDeclarations } from './sdk-declarations';
import { declaredIn, sdkReferencePages } from './sdk-reference';

const root = fileURLToPath(new URL('../..', import.meta.url));
const content = join(root, 'web', 'src', 'docs', 'content');
const scratch = mkdtempSync(join(tmpdir(), 'tessera-sdk-dts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the SDK reference pages', () => {
  it('are the ones the declarations give (npx tsx web/scripts/sdk-reference.ts when this fails)', () => {
    for (const [path, text] of sdkReferencePages())
      expect(readFileSync(join(content, path), 'utf8'), `${path} is stale`).toBe(text);
  });

  it('document every exported declaration of the SDK, with its comment', () => {
    const functions = declaredIn('src/checkout/headless/index.ts').filter((declared) => declared.kind === 'function');
    expect(functions.map((declared) => declared.name)).toEqual(['createCheckout', 'createSecureFields']);
    expect(functions[0]!.doc).toContain('Opens the client session');
    const interfaces = declaredIn('src/checkout/headless/headless-api.ts').filter((d) => d.kind === 'interface');
    const checkout = interfaces.find((declared) => declared.name === 'HeadlessCheckout')!;
    expect(checkout.members.map((member) => member.name)).toEqual(
      expect.arrayContaining([
        'state',
        'paymentMethods',
        'savedMethods',
        'split',
        'submitPayment',
        'handleRedirection',
      ]),
    );
    expect(checkout.members.find((member) => member.name === 'submitPayment')!.doc).toContain('Tokenizes');
  });
});

describe('the error codes page', () => {
  it('has one entry per code, and no other', () => {
    const page = readFileSync(join(content, 'integrate/purse-checkout/headless-checkout/error-codes.mdx'), 'utf8');
    const entries = [...page.matchAll(/^### (\S+)$/gm)].map((match) => match[1]);
    expect([...entries].sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('the shipped declarations', () => {
  const tsc = join(root, 'node_modules', '.bin', 'tsc');
  const compile = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);
    return promisify(execFile)(
      tsc,
      [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--lib',
        'es2022,dom',
        ...Object.keys(files)
          .filter((name) => !name.endsWith('.d.ts'))
          .map((name) => join(scratch, name)),
      ],
      { cwd: scratch },
    );
  };

  it('type-check a module that imports the SDK and a script that uses the global', async () => {
    const declarations = sdkDeclarations(HEADLESS_VERSION);
    expect(declarations).toContain('export as namespace TesseraHeadless;');
    await expect(
      compile({
        'tessera-headless.d.ts': declarations,
        'shop.ts': `import { createCheckout, TesseraCheckoutError, type PaymentResult, type SecureFieldStyle } from './tessera-headless';
const style: SecureFieldStyle = { base: { color: '#111111' }, invalid: { color: 'red' } };
export async function pay(data: string): Promise<PaymentResult | string> {
  const checkout = await createCheckout({ data, redirect: 'manual' });
  checkout.mountCardFields({ number: '#n', expiry: '#e', cvc: '#c' }, { style });
  try {
    return await checkout.submitPayment({ network: 'VISA' });
  } catch (error) {
    return error instanceof TesseraCheckoutError ? error.code : 'unknown';
  }
}`,
        'script.ts': `/// <reference path="./tessera-headless.d.ts" />
void TesseraHeadless.createCheckout({ data: 'x' }).then((checkout) => checkout.state);`,
      }),
    ).resolves.toBeDefined();
  }, 60_000);

  it('refuse what the SDK does not take', async () => {
    await expect(
      compile({
        'tessera-headless.d.ts': sdkDeclarations(HEADLESS_VERSION),
        'wrong.ts': `import { createCheckout } from './tessera-headless';
void createCheckout({ data: 'x', redirect: 'sometimes' });`,
      }),
    ).rejects.toMatchObject({ stdout: expect.stringMatching(/"sometimes"/) });
  }, 60_000);
});
