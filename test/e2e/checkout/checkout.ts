// Shared by the checkout's browser tests: a whole Tessera (api serving the e2e web build, worker,
// Temporal, PostgreSQL, sandbox partners) and Debian's Chromium. Each test starts as a merchant
// creating a session over the API and ends with the merchant reading the payment over the API.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { CreatedMerchant } from '../../../db/merchants';
import { call, eventually, sessionApplication } from '../../support/api-client';
import { launchBrowser } from '../../support/browser';
import { startStack, type Stack, type StackOptions } from '../../support/stack';

export const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/checkout', import.meta.url));
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };
const EXPIRY = '12 / 34';

export interface ContextOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  locale?: string;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested (documents, scripts, fetches), in order. */
  requests: { url: string; method: string; body: string | null }[];
  /** Console lines of the page, across navigations. */
  console: string[];
}

export interface CheckoutEnv {
  stack: Stack;
  browser: Browser;
  merchant: CreatedMerchant;
  token: string;
  /** Where sessions send the shopper back: the demo shop's return page, on the api's origin. */
  returnUrl: string;
  createSession(overrides?: Record<string, unknown>): Promise<any>;
  open(url: string, options?: ContextOptions): Promise<OpenedPage>;
  readSession(id: string): Promise<any>;
  /** The merchant reads the payment until its authorization has `status` (refreshing from the partner). */
  readPayment(id: string, status: string): Promise<any>;
  /** Verifies the signed redirect like a merchant's server does (GET /v2/signing-jwks). */
  verifiedClaims(url: string): Promise<JWTPayload & Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startCheckoutEnv(options: StackOptions = {}): Promise<CheckoutEnv> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const stack = await startStack({ ...options, webDistDir: inject('webDistDir') });
  const browser = await launchBrowser();
  const merchant = await stack.createMerchant('Lumière Demo Shop');
  const token = await stack.accessToken(merchant);
  const contexts: BrowserContext[] = [];
  const returnUrl = `${stack.baseUrl}/demo/merchant/return`;

  return {
    stack,
    browser,
    merchant,
    token,
    returnUrl,
    async createSession(overrides = {}) {
      const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
        token,
        body: sessionApplication(merchant.entity_id, {
          integration_mode: 'HOSTED_PAGE',
          shopper_redirection_url: returnUrl,
          ...overrides,
        }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body;
    },
    async open(url, { width = DESKTOP.width, height = DESKTOP.height, colorScheme = 'light', locale = 'en-US' } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme,
        locale,
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      const page = await context.newPage();
      const requests: OpenedPage['requests'] = [];
      const consoleLines: string[] = [];
      page.on('request', (request) =>
        requests.push({ url: request.url(), method: request.method(), body: request.postData() }),
      );
      page.on('console', (message) => consoleLines.push(message.text()));
      await page.goto(url);
      return { page, context, requests, console: consoleLines };
    },
    async readSession(id) {
      const read = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${id}`, { token });
      expect(read.status).toBe(200);
      return read.body;
    },
    async readPayment(id, status) {
      return eventually(
        async () => {
          const read = await call(stack.baseUrl, 'GET', `/v2/payments/${id}`, { token });
          return read.status === 200 && read.body.authorization?.status === status ? read.body : undefined;
        },
        { what: `payment ${id} ${status}`, timeoutMs: 30_000, intervalMs: 250 },
      );
    },
    async verifiedClaims(url) {
      const data = new URL(url).searchParams.get('purse-redirection-data');
      expect(data, `no purse-redirection-data in ${url}`).toBeTruthy();
      // As a merchant's server: its credential reads the published keys.
      const jwks = await call(stack.baseUrl, 'GET', '/v2/signing-jwks', { token });
      expect(jwks.status).toBe(200);
      const { payload } = await jwtVerify(data!, createLocalJWKSet(jwks.body), {
        issuer: 'tessera',
        audience: merchant.entity_id,
      });
      return payload as JWTPayload & Record<string, unknown>;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close().catch(() => {});
      await stack.close();
    },
  };
}

/** The secure field frame of a card input (the widget's card entry), by its label. */
export const secureFrame = (page: Page, label: string) => page.frameLocator(`iframe[title="Secure input: ${label}"]`);

/**
 * A card input by its label: inside its secure field frame in the widget, the page's own input on
 * the hosted page. Waits for whichever the checkout shows.
 */
export async function cardInput(page: Page, label: string) {
  const frame = page.locator(`iframe[title="Secure input: ${label}"]`);
  const plain = page.getByLabel(label, { exact: true });
  await frame.or(plain).first().waitFor();
  return (await frame.count()) > 0 ? secureFrame(page, label).getByLabel(label, { exact: true }) : plain;
}

/** Fills the visible card form (plain inputs, or the widget's secure fields). */
export async function fillCard(
  page: Page,
  number: string,
  { expiry = EXPIRY, cvc = number.startsWith('37') ? '1234' : '123', holder = 'Camille Martin' } = {},
) {
  await (await cardInput(page, 'Card number')).fill(number);
  await (await cardInput(page, 'Expiry date')).fill(expiry);
  await (await cardInput(page, 'Security code')).fill(cvc);
  await (await cardInput(page, 'Name on card')).fill(holder);
}

/** Waits for the demo shop's return page (the merchant's shopper_redirection_url) and its heading. */
export async function waitForMerchantReturn(page: Page): Promise<string> {
  try {
    await page.waitForURL(/\/demo\/merchant\/return\?purse-redirection-data=/, { timeout: 45_000 });
  } catch (error) {
    // Say where the shopper is stuck instead of only "timeout".
    const where = page.url();
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    await screenshot(page, 'stuck').catch(() => {});
    throw new Error(`the shopper never reached the merchant's return page; at ${where}:\n${text.slice(0, 1500)}`, {
      cause: error,
    });
  }
  await page
    .locator('main h1')
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, 'stuck-return').catch(() => {});
      throw new Error(
        `the merchant's return page did not render at ${page.url()}: ${(await page.content()).slice(0, 1500)}`,
        { cause: error },
      );
    });
  return page.url();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Requests to anything but Tessera's api and the sandbox partners' pages. */
export function thirdPartyRequests(requests: OpenedPage['requests'], env: CheckoutEnv): string[] {
  const allowed = new Set([new URL(env.stack.baseUrl).origin, new URL(env.stack.sandbox.url).origin]);
  return requests
    .map((request) => request.url)
    .filter((url) => !url.startsWith('data:') && !allowed.has(new URL(url).origin));
}

/** The widget events the demo page printed (`[tessera-demo] <type> <json>`), in order. */
export function eventsOf(opened: OpenedPage): { type: string; detail: any }[] {
  return opened.console
    .map((line) => /^\[tessera-demo\] (\S+) (.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ type: match[1]!, detail: JSON.parse(match[2]!) }));
}

/** The hosted page's address from the session (links.hosted_page). */
export const hostedPageOf = (session: any): string => {
  expect(session.links?.hosted_page).toBeTruthy();
  return session.links.hosted_page;
};
