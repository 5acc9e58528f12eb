// An operator reads an encrypted payment in the real Temporal UI (the one `temporal server
// start-dev` serves, as under `npm start`): the UI shows ciphertext until the operator signs in at
// the api's codec endpoint and lets the UI send credentials; then it shows the payment's input.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporalBinary } from '../../../temporal/binary';
import { startDevServer, type DevServer } from '../../../temporal/dev-server';
import { paymentWorkflowId } from '../../../workflows/payment/ids';
import { call, sessionApplication } from '../../support/api-client';
import { launchBrowser } from '../../support/browser';
import { freePort } from '../../support/free-port';
import { vaultCard } from '../../support/payments';
import { providedInfrastructure, startStack, type Stack } from '../../support/stack';

const EMAIL = `ui.${randomBytes(4).toString('hex')}@example.org`;

let temporal: DevServer;
let stack: Stack;
let browser: Browser;
let uiUrl: string;
let paymentId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const apiPort = await freePort();
  temporal = await startDevServer({
    binary: temporalBinary(),
    uiCodecEndpoint: `http://127.0.0.1:${apiPort}/temporal-codec`,
  });
  uiUrl = temporal.uiUrl!;
  stack = await startStack({
    infrastructure: { ...providedInfrastructure(), temporalAddress: temporal.address },
    port: apiPort,
    temporalUiOrigins: [uiUrl],
  });
  const merchant = await stack.createMerchant('UI shop');
  const token = await stack.accessToken(merchant);
  const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
    token,
    body: sessionApplication(merchant.entity_id, { customer: { email: EMAIL } }),
  });
  const submitted = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${session.body.id}/payments`, {
    apiKey: merchant.publishable_key,
    body: {
      split: [
        {
          amount: 2599,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
        },
      ],
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  paymentId = submitted.body.payment.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await stack?.close();
  await temporal?.stop();
});

/** A browser of its own; `codecSettings`: the UI's Codec Server settings an operator sets once. */
async function newPage(codecSettings?: { endpoint: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  contexts.push(context);
  if (codecSettings) {
    // What the UI stores when the operator fills "Codec Server browser endpoint", ticks "Include
    // cross-origin credentials" and "Use my browser setting": set before its scripts run.
    await context.addInitScript(
      ({ origin, endpoint }) => {
        if (window.location.origin !== origin) return;
        window.localStorage.setItem('endpoint', JSON.stringify(endpoint));
        window.localStorage.setItem('includeCredentials', 'true');
        window.localStorage.setItem('overrideRemoteCodecConfiguration', 'true');
      },
      { origin: new URL(uiUrl).origin, endpoint: codecSettings.endpoint },
    );
  }
  return context.newPage();
}

const workflowPage = () => `${uiUrl}/namespaces/default/workflows/${encodeURIComponent(paymentWorkflowId(paymentId))}`;
const showsEmail = (page: Page) =>
  page.waitForFunction((email) => document.body.innerText.includes(email), EMAIL, { timeout: 60_000 });

describe('the Temporal UI of the dev server', () => {
  it('shows a browser that has not signed in no payload: the codec endpoint refuses it', async () => {
    const page = await newPage();
    const refused = page.waitForResponse(
      (response) => response.url().includes('/temporal-codec/decode') && response.status() === 401,
      { timeout: 60_000 },
    );
    await page.goto(workflowPage());
    await refused;
    // The page is drawn (the workflow's own heading), with what the refusal left it: ciphertext.
    await page.getByRole('heading', { name: paymentWorkflowId(paymentId) }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(EMAIL);
  });

  it('shows the payment to an operator signed in at the api, the session cookie sent by the UI', async () => {
    const page = await newPage({ endpoint: `${stack.baseUrl}/temporal-codec` });
    await page.goto(`${stack.baseUrl}/temporal-codec/sign-in`);
    await page.fill('input[name="token"]', stack.config.operatorToken!);
    await page.click('button[type="submit"]');
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    const decoded = page.waitForResponse(
      (response) => response.url().includes('/temporal-codec/decode') && response.status() === 200,
      { timeout: 60_000 },
    );
    await page.goto(workflowPage());
    await decoded;
    await showsEmail(page);
  });
});
