// Every runnable code sample of the documentation pages, run as a reader would run it, against a real
// stack (api, worker, Temporal, PostgreSQL, sandbox partners).
//
// The convention (web/README.md, "Runnable code samples"): a fenced block whose info string carries
// `run=<id>` is runnable. `bash` blocks run in page order in a scratch folder of the page, with the
// variables they export carried to the next ones; `javascript` blocks with `file=<name>` are written
// there for the next blocks to run. For each page this file holds the expected answer of every sample
// and the steps a reader does by hand in between (paying on the hosted page, approving on a sandbox
// page). A sample flagged `answer` must also match the answer block the page shows right after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signWebhook } from '../../activities/webhooks/signature';
import { call, eventually } from '../support/api-client';
import { freePort } from '../support/free-port';
import { completeShopperPage } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const contentDir = join(repoRoot, 'web', 'src', 'docs', 'content');
const scratchRoot = join(repoRoot, 'test-artifacts', 'docs-samples');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// ---- extracting the samples ------------------------------------------------------------------

interface Block {
  lang: string;
  code: string;
  line: number;
  run?: string;
  file?: string;
}

export function blocksOf(source: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```([A-Za-z0-9]*)([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of source.matchAll(fence)) {
    const meta = new Map(
      (match[2] ?? '')
        .trim()
        .split(/\s+/)
        .filter((token) => token.includes('='))
        .map((token) => [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)] as const),
    );
    blocks.push({
      lang: match[1] ?? '',
      code: match[3] ?? '',
      line: source.slice(0, match.index).split('\n').length,
      ...(meta.has('run') ? { run: meta.get('run') } : {}),
      ...(meta.has('file') ? { file: meta.get('file') } : {}),
    });
  }
  return blocks;
}

function listMdx(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listMdx(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}

// ---- running them ------------------------------------------------------------------------------

interface Result {
  stdout: string;
  stderr: string;
  /** HTTP status of each curl call, in order (reported by the curl shim). */
  statuses: number[];
  env: Record<string, string>;
  json(): any;
  file(name: string): any;
}

interface PageState {
  dir: string;
  env: Record<string, string>;
  failed: boolean;
  cleanups: (() => Promise<void> | void)[];
  [key: string]: unknown;
}

let binDir = '';

/** curl that may only reach 127.0.0.1, and reports each call's HTTP status on stderr. */
function installShims(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const realCurl = ['/usr/bin/curl', '/bin/curl', '/usr/local/bin/curl'].find((candidate) => existsSync(candidate));
  if (!realCurl) throw new Error('curl is needed to run the documentation samples');
  const shim = `#!/usr/bin/env bash
for arg in "$@"; do
  case "$arg" in
    http://127.0.0.1:*) ;;
    [a-zA-Z]*://*) echo "docs-samples: only http://127.0.0.1 may be called, not $arg" >&2; exit 97 ;;
  esac
done
for arg in "$@"; do
  case "$arg" in -w|--write-out) exec ${realCurl} "$@" ;; esac
done
exec ${realCurl} --write-out '%{stderr}@@docs-curl %{http_code}\\n' "$@"
`;
  writeFileSync(join(dir, 'curl'), shim);
  chmodSync(join(dir, 'curl'), 0o755);
}

function runBash(code: string, state: PageState): Promise<Result> {
  const stateFile = join(state.dir, '.env0');
  rmSync(stateFile, { force: true });
  const script = `set -euo pipefail\ntrap 'env -0 > "${stateFile}"' EXIT\n${code}`;
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      ['-c', script],
      { cwd: state.dir, env: state.env, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, rawStderr) => {
        const statuses = [...rawStderr.matchAll(/^@@docs-curl (\d{3})$/gm)].map((match) => Number(match[1]));
        const stderr = rawStderr.replace(/^@@docs-curl \d{3}\n?/gm, '');
        if (error) {
          reject(
            new Error(`sample failed (${error.message.split('\n')[0]})\n--- stdout\n${stdout}\n--- stderr\n${stderr}`),
          );
          return;
        }
        const env: Record<string, string> = {};
        for (const entry of readFileSync(stateFile, 'utf8').split('\0')) {
          const at = entry.indexOf('=');
          if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
        }
        resolve({
          stdout,
          stderr,
          statuses,
          env,
          json: () => {
            try {
              return JSON.parse(stdout);
            } catch {
              throw new Error(`the sample printed no JSON:\n${stdout}`);
            }
          },
          file: (name) => JSON.parse(readFileSync(join(state.dir, name), 'utf8')),
        });
      },
    );
  });
}

// ---- comparing with the answers the pages show -------------------------------------------------

/** A documented string as a pattern: ids, timestamps, local addresses and "…" stand for any value. */
function patternOf(documented: string, urls: { tessera: string; sandbox: string }): RegExp {
  const special =
    /(http:\/\/127\.0\.0\.1:3000)|(http:\/\/127\.0\.0\.1:4010)|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|\b(auth_|wtok_)[0-9a-f]{6,}|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)|(…)/g;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let pattern = '';
  let last = 0;
  for (const match of documented.matchAll(special)) {
    pattern += escape(documented.slice(last, match.index));
    if (match[1]) pattern += escape(urls.tessera);
    else if (match[2]) pattern += escape(urls.sandbox);
    else if (match[3]) pattern += '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    else if (match[4]) pattern += `${match[4]}[0-9a-f]+`;
    else if (match[5]) pattern += '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z';
    else pattern += '.*';
    last = (match.index ?? 0) + match[0].length;
  }
  return new RegExp(`^${pattern}${escape(documented.slice(last))}$`, 's');
}

/** Where the real answer departs from the documented one (documented objects and arrays may be abridged). */
function departures(
  real: unknown,
  documented: unknown,
  urls: { tessera: string; sandbox: string },
  ignore: readonly string[],
): string[] {
  const problems: string[] = [];
  const walk = (r: unknown, d: unknown, path: string, key: string) => {
    if (ignore.includes(key)) return;
    const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 200);
    if (typeof d === 'string') {
      if (typeof r !== 'string' || !patternOf(d, urls).test(r))
        problems.push(`${path || '/'}: the page shows ${shown(d)}, the API answered ${shown(r)}`);
    } else if (Array.isArray(d)) {
      if (!Array.isArray(r)) problems.push(`${path}: the page shows an array, the API answered ${shown(r)}`);
      else if (d.length > 0) {
        if (r.length !== d.length)
          problems.push(`${path}: the page shows ${d.length} items, the API answered ${r.length}`);
        d.forEach((item, index) => walk(r[index], item, `${path}/${index}`, String(index)));
      }
    } else if (d !== null && typeof d === 'object') {
      if (r === null || typeof r !== 'object' || Array.isArray(r))
        problems.push(`${path}: the page shows an object, the API answered ${shown(r)}`);
      else
        for (const [k, v] of Object.entries(d)) {
          if (!(k in r)) problems.push(`${path}/${k}: shown on the page, absent from the answer`);
          else walk((r as Record<string, unknown>)[k], v, `${path}/${k}`, k);
        }
    } else if (r !== d) {
      problems.push(`${path}: the page shows ${shown(d)}, the API answered ${shown(r)}`);
    }
  };
  walk(real, documented, '', '');
  return problems;
}

// ---- what a reader does by hand ----------------------------------------------------------------

/** The hosted page: opened by the shopper, card tokenized with the publishable key, then submitted. */
async function payOnHostedPage(env: Record<string, string>, cardNumber: string): Promise<any> {
  const page = await call(env.TESSERA_URL!, 'GET', `/checkout/v1/entities/${env.ENTITY_ID}/sessions/${env.SESSION_ID}`);
  expect(page.status).toBe(200);
  const { publishable_key: publishableKey, session } = page.body;
  expect(session.status).toBe('CHOICE_IN_PROGRESS');
  const vaulted = await call(env.TESSERA_URL!, 'POST', '/v2/vault/cards', {
    apiKey: publishableKey,
    body: { number: cardNumber, expiry_month: '12', expiry_year: '30', cvv: '123', holder_name: 'Camille Martin' },
  });
  expect(vaulted.status).toBe(201);
  const submitted = await call(env.TESSERA_URL!, 'POST', `/checkout/v1/sessions/${session.id}/payments`, {
    apiKey: publishableKey,
    body: {
      split: [
        {
          amount: session.amount,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: vaulted.body.vault_form_token,
        },
      ],
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  return submitted.body;
}

/** The shopper follows a redirection, decides on the sandbox page and comes back through Tessera. */
async function decideAndReturn(href: string, choice: string): Promise<URL> {
  const decided = await completeShopperPage(href, choice);
  expect(decided.status).toBe(303);
  const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

// ---- the pages ---------------------------------------------------------------------------------

interface SampleCheck {
  check?: (result: Result, state: PageState) => void | Promise<void>;
  /** The reader's manual step after the sample; may add variables. */
  after?: (result: Result, state: PageState) => Promise<void>;
  /** Run the sample again until its check holds (bounded): for answers that settle asynchronously. */
  retry?: boolean;
  /** Compare the answer with the json or text block the page shows after the sample. */
  answer?: true | { ignore?: string[]; path?: string };
}

interface PagePlan {
  page: string;
  /** 'fresh': a merchant of its own, with its credentials in the environment. */
  merchant: 'fresh' | 'none';
  before?: (state: PageState) => Promise<void>;
  samples: Record<string, SampleCheck>;
  extra?: Record<string, (state: PageState) => Promise<void>>;
}

let stack: Stack;

/** The wallet pages also need the merchant id (x-merchant-id), which merchant:create prints beside the entity id. */
async function withMerchantId(state: PageState): Promise<void> {
  const [entity] = await stack.sql<
    { merchant_id: string }[]
  >`select merchant_id from entities where id = ${state.env.ENTITY_ID!}`;
  if (!entity) throw new Error(`no merchant for the entity ${state.env.ENTITY_ID}`);
  state.env.MERCHANT_ID = entity.merchant_id;
}

const statusOf = (expected: number[]) => (result: Result) => expect(result.statuses, result.stdout).toEqual(expected);

const plans: PagePlan[] = [
  {
    page: 'integrate/getting-started.mdx',
    merchant: 'none',
    samples: {
      'create-merchant': {
        check: (r) => {
          const merchant = r.json();
          expect(Object.keys(merchant).sort()).toEqual([
            'api_key',
            'client_id',
            'client_secret',
            'entity_id',
            'merchant_id',
            'notification_public_key',
            'publishable_key',
            'webhook_secret',
          ]);
          expect(merchant.entity_id).toMatch(UUID);
        },
        answer: true,
      },
      'merchant-variables': {
        check: (r, state) => {
          const merchant = r.file('merchant.json');
          expect(r.env).toMatchObject({
            ENTITY_ID: merchant.entity_id,
            CLIENT_ID: merchant.client_id,
            CLIENT_SECRET: merchant.client_secret,
            API_KEY: merchant.api_key,
            WEBHOOK_SECRET: merchant.webhook_secret,
          });
          state.publishableKey = merchant.publishable_key;
        },
      },
      'get-token': { check: statusOf([200]), answer: { ignore: ['access_token'] } },
      'token-variable': { check: (r) => expect(r.env.TOKEN?.split('.')).toHaveLength(3) },
      'create-session': {
        check: (r) => {
          statusOf([201])(r);
          const session = r.json();
          expect(r.env.SESSION_ID).toBe(session.id);
          expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
        },
        answer: { ignore: ['expires_at'] },
        after: async (r) => {
          const submitted = await payOnHostedPage(r.env, '4242424242424242');
          expect(submitted.payment.authorization.status).toBe('AUTHORIZED');
        },
      },
      'read-session': {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json()).toMatchObject({ status: 'SUBMITTED', payment_id: r.env.PAYMENT_ID });
          expect(r.env.PAYMENT_ID).toMatch(UUID);
        },
      },
      'read-payment': {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json()).toMatchObject({ id: r.env.PAYMENT_ID, client_session_id: r.env.SESSION_ID });
        },
        answer: true,
      },
      capture: {
        check: (r, state) => {
          statusOf([201])(r);
          const [head, body] = r.stdout.split(/\r?\n\r?\n/, 2);
          expect(head).toMatch(/^HTTP\/1\.1 201/);
          const operationId = /^x-created-operation-id: (\S+)/im.exec(head ?? '')?.[1];
          expect(operationId).toMatch(UUID);
          const payment = JSON.parse(body ?? '');
          expect(payment.captures).toEqual([
            expect.objectContaining({ id: operationId, amount: 2500, status: 'SUCCESS' }),
          ]);
          expect(payment.amounts.total_captured).toBe(2500);
          expect(payment.overview.captured).toBe('TOTALLY');
          state.captureId = operationId;
        },
      },
      'capture-again': {
        check: (r, state) => {
          statusOf([409])(r);
          expect(r.json().resource_id).toBe(state.captureId);
        },
        answer: true,
      },
    },
  },
  {
    page: 'integrate/purse-api/best-practices.mdx',
    merchant: 'fresh',
    samples: {
      'setup-payment': {
        check: (r) => {
          statusOf([201, 201])(r);
          expect(r.json()).toMatchObject({
            id: r.env.PAYMENT_ID,
            amount: 5000,
            authorization: { status: 'AUTHORIZED' },
          });
        },
      },
      'repeat-payment': {
        check: (r) => {
          statusOf([409])(r);
          expect(r.json().resource_id).toBe(r.env.PAYMENT_ID);
        },
        answer: true,
      },
      'capture-script': {},
      'run-capture-script': {
        check: (r) => {
          const lines = r.stdout.trim().split('\n');
          expect(lines).toHaveLength(2);
          const first = /^captured: operation (\S+)$/.exec(lines[0]!)?.[1];
          expect(first).toMatch(UUID);
          expect(lines[1]).toBe(`already captured: operation ${first}`);
        },
        answer: true,
      },
      'cached-read': {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json()).toMatchObject({ id: r.env.PAYMENT_ID, authorization: { status: 'AUTHORIZED' } });
        },
      },
      'decimal-amount': { check: statusOf([400]), answer: true },
    },
  },
  {
    page: 'integrate/purse-api/tutorials/simple-payment.mdx',
    merchant: 'fresh',
    samples: {
      'create-session': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json()).toMatchObject({
            status: 'CREATED',
            integration_mode: 'HOSTED_PAGE',
            capture_mode: 'MANUAL',
          });
          expect(r.json().eligible_solutions).toEqual([
            { partner: 'sandbox-card', method: 'creditcard' },
            { partner: 'sandbox-giftcard', method: 'giftcard' },
            { partner: 'sandbox-wallet', method: 'wallet' },
            { partner: 'sandbox-instalments', method: '3x' },
            { partner: 'sandbox-instalments', method: '4x' },
          ]);
        },
        after: async (r, state) => {
          // The shopper pays with the 3-D Secure challenge card, completes the challenge and comes back.
          const submitted = await payOnHostedPage(r.env, '4000002760003184');
          expect(submitted.payment.authorization.status).toBe('PENDING');
          const back = await decideAndReturn(submitted.payment.redirection.href, 'complete');
          expect(`${back.origin}${back.pathname}`).toBe('https://shop.example.com/checkout/return');
          expect(back.searchParams.get('order')).toBe('ORDER-2001');
          state.env.REDIRECTION_DATA = back.searchParams.get('purse-redirection-data')!;
        },
      },
      'verify-return-script': {},
      'verify-return': {
        check: (r) => {
          expect(r.json()).toMatchObject({
            entity_id: r.env.ENTITY_ID,
            client_session_id: r.env.SESSION_ID,
            authorization_status: 'AUTHORIZED',
            client_session_status: 'SUBMITTED',
          });
        },
        answer: { ignore: ['iat', 'exp'] },
      },
      'read-session': {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json()).toMatchObject({ status: 'SUBMITTED', payment_id: r.env.PAYMENT_ID });
        },
      },
      'read-payment': {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json()).toMatchObject({
            authorization: { status: 'AUTHORIZED' },
            authentication: { status: 'SUCCESS', flow: 'CHALLENGE' },
            amounts: { available_to_capture: 7490 },
          });
        },
      },
      capture: {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json().captures).toEqual([
            expect.objectContaining({
              status: 'SUCCESS',
              triggered_by: 'MERCHANT',
              merchant_reference: 'SHIPMENT-2001-1',
              amount: 7490,
            }),
          ]);
        },
      },
      'abort-submitted': { check: statusOf([400]), answer: true },
    },
  },
  {
    page: 'integrate/purse-api/tutorials/payment-operations.mdx',
    merchant: 'fresh',
    samples: {
      'create-payment': {
        check: (r) => {
          statusOf([201, 201, 201])(r);
          const payment = r.json();
          expect(payment.authorization.status).toBe('AUTHORIZED');
          expect(
            payment.authorization.partner_transactions.map((tx: any) => [tx.partner, tx.amount, tx.remaining_amount]),
          ).toEqual([
            ['sandbox-giftcard', 5000, 5000],
            ['sandbox-card', 3000, 3000],
          ]);
          expect(r.env.GIFT_CARD_TX).toBe(payment.authorization.partner_transactions[0].id);
        },
        answer: { path: 'amounts' },
      },
      'capture-amount': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.env.CAPTURE_ID).toMatch(UUID);
          expect(r.json().id).toBe(r.env.CAPTURE_ID);
        },
        answer: true,
      },
      'capture-priority': {
        check: (r) => {
          statusOf([201])(r);
          const payment = r.json();
          expect(payment.captures[1].partner_transactions).toEqual([
            expect.objectContaining({ partner: 'sandbox-card', amount: 2000, status: 'SUCCESS' }),
          ]);
          expect(payment.amounts).toMatchObject({ total_captured: 6000, available_to_capture: 2000 });
          expect(payment.overview.captured).toBe('PARTIALLY');
          expect(payment.authorization.partner_transactions.map((tx: any) => tx.remaining_amount)).toEqual([
            1000, 1000,
          ]);
        },
      },
      'over-capture': { check: statusOf([400]), answer: true },
      'void-gift-card': {
        check: (r) => {
          statusOf([201])(r);
          const payment = r.json();
          expect(payment.voids[0].partner_transactions).toEqual([
            expect.objectContaining({ partner: 'sandbox-giftcard', amount: 1000, status: 'SUCCESS' }),
          ]);
          expect(payment.amounts).toMatchObject({
            total_voided: 1000,
            available_to_capture: 1000,
            available_to_void: 1000,
          });
        },
      },
      'void-rest': {
        check: (r) => {
          statusOf([201])(r);
          const payment = r.json();
          expect(payment.voids[1].partner_transactions).toEqual([
            expect.objectContaining({ partner: 'sandbox-card', amount: 1000 }),
          ]);
          expect(payment.overview.consumed).toBe('TOTALLY');
          expect(payment.links.capture).toBeUndefined();
          expect(payment.links.void).toBeUndefined();
          expect(payment.links.refund).toBeDefined();
        },
      },
      refund: {
        check: (r) => {
          statusOf([201])(r);
          const payment = r.json();
          expect(payment.refunds[0].partner_transactions.map((tx: any) => [tx.partner, tx.amount, tx.status])).toEqual([
            ['sandbox-card', 2000, 'SUCCESS'],
            ['sandbox-giftcard', 500, 'SUCCESS'],
          ]);
          expect(payment.amounts).toMatchObject({ total_refunded: 2500, available_to_refund: 3500 });
          expect(payment.overview.refunded).toBe('PARTIALLY');
          expect(payment.refunds[0]).toMatchObject({ merchant_reference: 'RETURN-4001-1', triggered_by: 'MERCHANT' });
        },
      },
      compensation: {
        check: (r) => {
          statusOf([201, 201, 201])(r);
          const payment = r.json();
          expect(payment.authorization.status).toBe('REFUSED');
          expect(payment.authorization.partner_transactions.map((tx: any) => tx.status)).toEqual([
            'AUTHORIZED',
            'REFUSED',
          ]);
        },
      },
      'read-compensation': {
        retry: true,
        check: (r) => {
          statusOf([200])(r);
          expect(r.json()).toHaveLength(1);
          expect(r.json()[0].status).toBe('SUCCESS');
        },
        answer: true,
      },
    },
  },
  {
    page: 'integrate/purse-api/tutorials/webhooks.mdx',
    merchant: 'fresh',
    samples: {
      'webhook-receiver': {
        after: async (_r, state) => {
          const port = await freePort();
          const child = spawn(process.execPath, ['receiver.mjs'], {
            cwd: state.dir,
            env: {
              PATH: state.env.PATH,
              TESSERA_WEBHOOK_SECRET: state.env.WEBHOOK_SECRET,
              PORT: String(port),
              HOST: '127.0.0.1',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const output: string[] = [];
          child
            .stdout!.setEncoding('utf8')
            .on('data', (chunk: string) => output.push(...chunk.split('\n').filter(Boolean)));
          child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(`stderr: ${chunk}`));
          state.receiver = { child, output };
          state.cleanups.push(() => {
            child.kill();
          });
          const listening = await eventually(
            async () => output.map((line) => /^listening on (\S+)$/.exec(line)?.[1]).find(Boolean),
            { what: 'the receiver to listen', timeoutMs: 10_000 },
          );
          expect(listening).toBe(`http://127.0.0.1:${port}/webhooks`);
          state.env.WEBHOOK_URL = listening;
        },
      },
      'session-with-webhook': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json().status).toBe('CREATED');
          expect(r.json().webhook).toBeUndefined();
        },
        after: async (r) => {
          const submitted = await payOnHostedPage(r.env, '4242424242424242');
          expect(submitted.payment.authorization.status).toBe('AUTHORIZED');
        },
      },
      capture: {
        check: (r) => statusOf([200, 201])(r),
        after: async (r, state) => {
          // The page shows what the receiver prints: the same events, per resource, in the same order.
          const documented = eventsIn(documentedBlockAfter(state, 'capture', 'text'));
          const { output } = state.receiver as { output: string[] };
          const real = await eventually(
            async () => {
              const events = eventsIn(output.join('\n'));
              const complete = (['client_session', 'payment'] as const).every(
                (type) => events[type].length >= documented[type].length,
              );
              return complete ? events : undefined;
            },
            { what: 'the documented deliveries', timeoutMs: 30_000, intervalMs: 200 },
          );
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const settled = eventsIn(output.join('\n'));
          expect({ client_session: settled.client_session, payment: settled.payment }).toEqual({
            client_session: documented.client_session,
            payment: documented.payment,
          });
          expect(real.ids).toEqual([r.env.SESSION_ID, r.env.PAYMENT_ID].sort());
          expect(output.filter((line) => /^(rejected|duplicate|stderr)/.test(line))).toEqual([]);
          const attempts = await stack.sql<{ status_code: number; succeeded: boolean }[]>`
            select status_code, succeeded from webhook_delivery_attempts where resource_id in (${r.env.SESSION_ID!}, ${r.env.PAYMENT_ID!})`;
          expect(attempts.length).toBe(documented.client_session.length + documented.payment.length);
          expect(attempts.every((attempt) => attempt.succeeded && attempt.status_code === 204)).toBe(true);
        },
      },
      'forged-event': {
        check: async (r, state) => {
          expect(r.stdout.trim()).toBe('400');
          const { output } = state.receiver as { output: string[] };
          await eventually(async () => (output.at(-1) === 'rejected: signature mismatch' ? true : undefined), {
            what: 'the receiver to reject the forgery',
            timeoutMs: 5_000,
          });
        },
        answer: true,
      },
    },
    extra: {
      'the event the page shows is the one Tessera sends, with those headers': async (state) => {
        const receiver = await startWebhookReceiver();
        try {
          const { env } = state;
          const vaulted = await call(env.TESSERA_URL!, 'POST', '/v2/vault/cards', {
            apiKey: env.API_KEY!,
            body: { number: '4242424242424242', expiry_month: '12', expiry_year: '30', cvv: '123' },
          });
          const created = await call(env.TESSERA_URL!, 'POST', '/v2/payments', {
            token: env.TOKEN!,
            body: {
              entity_id: env.ENTITY_ID,
              amount: 4200,
              currency: 'EUR',
              order: { reference: 'ORDER-5002' },
              webhook: { url: receiver.url, event_types: ['CAPTURE'] },
              split: [
                {
                  amount: 4200,
                  partner: 'sandbox-card',
                  method: 'creditcard',
                  vault_form_token: vaulted.body.vault_form_token,
                },
              ],
            },
          });
          expect(created.status).toBe(201);
          expect(
            (
              await call(env.TESSERA_URL!, 'POST', `/v2/payments/${created.body.id}/captures`, {
                token: env.TOKEN!,
                body: { amount: 4200 },
              })
            ).status,
          ).toBe(201);
          const delivered = await eventually(
            async () => (receiver.received.length >= 2 ? receiver.received : undefined),
            { what: 'two CAPTURE events', timeoutMs: 20_000 },
          );
          const final = delivered[1]!;
          const shown = blocksByPage
            .get(state.page as string)!
            .find((block) => block.lang === 'json' && block.code.includes('"event_type": "CAPTURE"'))!;
          expect(
            departures(final.json, JSON.parse(shown.code), { tessera: stack.baseUrl, sandbox: stack.sandbox.url }, []),
          ).toEqual([]);
          const headers = blocksByPage.get(state.page as string)!.find((block) => block.lang === 'http')!.code;
          for (const [, name, value] of headers.matchAll(/^([a-z-]+): (.+)$/gm)) {
            expect(String(final.headers[name!]), name).toMatch(
              patternOf(value!.replace('3f9a0c…', '…').replace(/t=\d+/, 't=…'), {
                tessera: stack.baseUrl,
                sandbox: stack.sandbox.url,
              }),
            );
          }
          expect(final.headers['tessera-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        } finally {
          await receiver.close();
        }
      },
      'the receiver takes a signed event once, and refuses a stale or re-signed one': async (state) => {
        const url = state.env.WEBHOOK_URL!;
        const { output } = state.receiver as { output: string[] };
        const body = JSON.stringify({
          id: 'c8a1b6de-5f0e-4c1f-9a39-5b1d6e0c8a11',
          event_type: 'PAYMENT',
          created_at: new Date().toISOString(),
          entity_id: state.env.ENTITY_ID,
          resource: { type: 'payment', id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', version: 1 },
          data: { authorization: { status: 'PENDING' } },
        });
        const post = (signature: string, payload = body) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'tessera-signature': signature },
            body: payload,
          });
        const printed = (line: string) =>
          eventually(async () => (output.at(-1) === line ? true : undefined), {
            what: `the receiver to print "${line}"`,
            timeoutMs: 5_000,
          });
        const now = Math.floor(Date.now() / 1000);
        expect((await post(signWebhook(state.env.WEBHOOK_SECRET!, body, now))).status).toBe(204);
        await printed('PAYMENT payment 5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f v1');
        expect((await post(signWebhook(state.env.WEBHOOK_SECRET!, body, now))).status).toBe(204);
        await printed('duplicate c8a1b6de-5f0e-4c1f-9a39-5b1d6e0c8a11: already processed');
        expect((await post(signWebhook(state.env.WEBHOOK_SECRET!, body, now - 600))).status).toBe(400);
        await printed('rejected: timestamp out of tolerance');
        expect(
          (await post(signWebhook(state.env.WEBHOOK_SECRET!, body, now), body.replace('PENDING', 'AUTHORIZED'))).status,
        ).toBe(400);
        expect((await post(signWebhook('whsec_someone_else', body, now))).status).toBe(400);
        await printed('rejected: signature mismatch');
        expect((await fetch(url, { method: 'POST', body })).status).toBe(400);
        await printed('rejected: no tessera-signature header');
      },
    },
  },
  {
    page: 'integrate/purse-api/additional-features/advanced-webhooks-subscriptions.mdx',
    merchant: 'fresh',
    before: async (state) => {
      const receiver = await startWebhookReceiver();
      state.cleanups.push(() => receiver.close());
      state.hooks = receiver;
      state.env.WEBHOOK_URL = receiver.url;
    },
    samples: {
      'payment-with-headers': {
        check: (r) => {
          statusOf([201, 201])(r);
          expect(r.json().url).toBe(r.env.WEBHOOK_URL);
          expect(r.file('payment.json').authorization.status).toBe('AUTHORIZED');
        },
        answer: { ignore: ['url'] },
      },
      capture: {
        check: (r) => expect(r.stdout.trim()).toBe('201'),
        after: async (r, state) => {
          const { received } = state.hooks as Awaited<ReturnType<typeof startWebhookReceiver>>;
          await eventually(async () => (received.length >= 3 ? true : undefined), {
            what: 'three deliveries',
            timeoutMs: 20_000,
          });
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          expect(received.map((delivery) => delivery.json.event_type).sort()).toEqual([
            'CAPTURE',
            'CAPTURE',
            'PARTNER_TRANSACTION_CAPTURE',
          ]);
          for (const delivery of received) {
            expect(delivery.headers.authorization).toBe('Bearer rk_live_7f3a9c');
            expect(delivery.headers['x-shop-id']).toBe('shop-42');
            expect(delivery.json.resource.id).toBe(r.env.PAYMENT_ID);
          }
          const [stored] =
            await stack.sql`select body::text as body from payment_projections where id = ${r.env.PAYMENT_ID!}`;
          expect(stored?.body).toContain('[redacted]');
          expect(stored?.body).not.toContain('rk_live_7f3a9c');
        },
      },
    },
  },
  {
    page: 'integrate/purse-api/additional-features/tokenization.mdx',
    merchant: 'fresh',
    samples: {
      'publishable-key-elsewhere': { check: statusOf([401]), answer: true },
      'vault-card': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json().vault_form_token).toMatch(/^vft_[A-Za-z0-9_-]{43}$/);
        },
        answer: { ignore: ['vault_form_token'] },
      },
      'invalid-card': { check: statusOf([400]), answer: true },
      'vault-gift-card': {
        check: (r) => {
          statusOf([201, 200])(r);
          expect(r.env.GIFT_CARD_TOKEN).toMatch(/^vgt_/);
        },
        answer: true,
      },
    },
  },
  {
    page: 'integrate/purse-api/additional-features/server-to-server.mdx',
    merchant: 'fresh',
    samples: {
      'vault-card': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.env.CARD_TOKEN).toMatch(/^vft_/);
        },
      },
      'create-payment': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json()).toMatchObject({
            capture_mode: 'AUTOMATIC',
            authorization: { status: 'AUTHORIZED' },
            authentication: { status: 'SUCCESS', flow: 'FRICTIONLESS', eci: '05' },
          });
        },
        after: async (r) => {
          await eventually(
            async () => {
              const read = await call(r.env.TESSERA_URL!, 'GET', `/v2/payments/${r.env.PAYMENT_ID}`, {
                token: r.env.TOKEN!,
              });
              const capture = read.body.captures[0];
              return capture?.status === 'SUCCESS' &&
                capture.triggered_by === 'AUTHORIZATION' &&
                capture.amount === 6500
                ? true
                : undefined;
            },
            { what: 'the automatic capture', timeoutMs: 20_000 },
          );
        },
      },
      'foreign-authorization': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json()).toMatchObject({ object: 'authorization', status: 'AUTHORIZED', amount: 4000 });
          expect(r.env.PARTNER_REFERENCE).toMatch(/^auth_/);
        },
      },
      'adopt-foreign-authorization': {
        check: (r) => {
          statusOf([201])(r);
          const payment = r.json();
          expect(payment.authorization.status).toBe('AUTHORIZED');
          expect(payment.authorization.partner_transactions[0]).toMatchObject({
            partner_reference: r.env.PARTNER_REFERENCE,
            card: { last_four_digits: '4242' },
          });
          expect(payment.split).toEqual([
            {
              partner: 'sandbox-card',
              method: 'creditcard',
              amount: 4000,
              parent_partner_reference: r.env.PARTNER_REFERENCE,
            },
          ]);
        },
      },
      'capture-foreign': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json().amounts.total_captured).toBe(4000);
        },
      },
    },
  },
  {
    page: 'integrate/purse-api/additional-features/cit-mit.mdx',
    merchant: 'fresh',
    samples: {
      'missing-indicator': { check: statusOf([201, 400]), answer: true },
      'card-first-payment': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json()).toMatchObject({ allow_future_usage: true, authorization: { status: 'AUTHORIZED' } });
        },
      },
      'wallet-first-payment': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json()).toMatchObject({
            allow_future_usage: true,
            authorization: { status: 'PENDING' },
            redirection: { method: 'GET' },
          });
        },
        after: async (r) => {
          await decideAndReturn(r.json().redirection.href, 'approve');
        },
      },
      'read-partner-token': {
        retry: true,
        check: (r) => {
          statusOf([200])(r);
          expect(r.json().status).toBe('AUTHORIZED');
          expect(r.env.PARTNER_TOKEN).toMatch(/^wtok_/);
        },
        answer: true,
      },
      'merchant-initiated': {
        check: (r) => {
          statusOf([201])(r);
          const payment = r.json();
          expect(payment.authorization.status).toBe('AUTHORIZED');
          expect(payment.redirection).toBeUndefined();
          expect(payment.authorization.partner_transactions[0]).toMatchObject({
            partner_token: r.env.PARTNER_TOKEN,
            partner_status_description: 'Approved with a saved wallet agreement.',
          });
        },
        after: async (r) => {
          const id = r.json().id;
          await eventually(
            async () => {
              const read = await call(r.env.TESSERA_URL!, 'GET', `/v2/payments/${id}`, { token: r.env.TOKEN! });
              return read.body.captures[0]?.status === 'SUCCESS' ? true : undefined;
            },
            { what: 'the automatic capture', timeoutMs: 20_000 },
          );
        },
      },
    },
  },
  {
    page: 'partners/index.mdx',
    merchant: 'fresh',
    samples: {
      'queue-faults': { check: statusOf([201]) },
      'payment-despite-faults': {
        check: (r) => {
          statusOf([201, 201])(r);
          expect(r.json().authorization.status).toBe('AUTHORIZED');
        },
        after: async () => {
          const left = await (await fetch(`${stack.sandbox.url}/admin/faults`)).json();
          expect(JSON.stringify(left)).not.toContain('sandbox-card/authorizations');
        },
      },
      ledger: {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json().count).toBe(1);
        },
        answer: { ignore: ['seq'] },
      },
    },
  },
  {
    page: 'partners/sandbox-card.mdx',
    merchant: 'fresh',
    samples: {
      'refused-card': { check: statusOf([201, 201]), answer: true },
      'uncertain-card': {
        check: (r) => {
          statusOf([201, 201])(r);
          expect(r.stdout.trim()).toBe('UNCERTAIN');
        },
      },
      'settle-uncertain': {
        retry: true,
        check: (r) => {
          statusOf([200])(r);
          expect(r.stdout.trim()).toBe('AUTHORIZED');
        },
      },
    },
  },
  {
    page: 'partners/sandbox-giftcard.mdx',
    merchant: 'fresh',
    samples: {
      balance: { check: statusOf([201, 200]), answer: true },
      'more-than-balance': {
        check: statusOf([201]),
        answer: true,
        after: async (r) => {
          const payments = await stack.sql<
            { id: string }[]
          >`select id from payment_projections where entity_id = ${r.env.ENTITY_ID!}`;
          expect(payments).toHaveLength(1);
          await eventually(
            async () => {
              const read = await call(r.env.TESSERA_URL!, 'GET', `/v2/payments/${payments[0]!.id}`, {
                token: r.env.TOKEN!,
              });
              const [voided] = read.body.voids;
              return voided?.status === 'SUCCESS' && voided.triggered_by === 'ORCHESTRATOR' && voided.amount === 1000
                ? true
                : undefined;
            },
            { what: 'the partial hold voided', timeoutMs: 20_000 },
          );
        },
      },
    },
  },
  {
    page: 'partners/sandbox-wallet.mdx',
    merchant: 'fresh',
    samples: {
      'wallet-payment': {
        check: statusOf([201]),
        answer: true,
        after: async (r) => {
          const payment = r.file('payment.json');
          expect(payment.authorization.status).toBe('PENDING');
          await decideAndReturn(payment.redirection.href, 'approve');
        },
      },
      'read-wallet-payment': {
        retry: true,
        check: (r) => {
          statusOf([200])(r);
          expect(r.stdout).toMatch(/^AUTHORIZED wtok_/);
        },
        answer: true,
      },
    },
  },
  {
    page: 'partners/sandbox-instalments.mdx',
    merchant: 'fresh',
    samples: {
      'instalment-payment': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.stdout.trim()).toBe('PENDING');
        },
        after: async (r) => {
          const payment = r.file('payment.json');
          expect(payment.redirection.href).toContain('/lender/');
          const page = await (await fetch(payment.redirection.href)).text();
          expect(page.match(/100\.00/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
          await decideAndReturn(payment.redirection.href, 'apply');
        },
      },
      'read-instalment-payment': {
        retry: true,
        check: (r) => {
          statusOf([200])(r);
          expect(r.stdout.trim()).toBe('AUTHORIZED');
        },
        answer: true,
      },
    },
  },
  {
    page: 'integrate/wallet/managing-tokens.mdx',
    merchant: 'fresh',
    before: withMerchantId,
    samples: {
      'open-session': {
        check: (r) => {
          statusOf([201])(r);
          const session = r.json();
          expect(session).toMatchObject({ owner_reference: 'CUST-000417', merchant: r.env.MERCHANT_ID });
          expect(r.env.WALLET_SESSION_ID).toBe(session.session_id);
          expect(Date.parse(session.expiration_date) - Date.now()).toBeGreaterThan(29 * 60 * 1000);
        },
        answer: true,
      },
      'add-token': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.json()).toMatchObject({
            id: r.env.WALLET_TOKEN_ID,
            status: 'ACTIVE',
            favorite: false,
            merchant: r.env.MERCHANT_ID,
          });
          expect(r.json().value).toBeUndefined();
        },
        answer: true,
      },
      'add-second-token': {
        check: (r) => {
          statusOf([201])(r);
          expect(r.env.SECOND_TOKEN_ID).toMatch(UUID);
        },
      },
      'add-duplicate': { check: statusOf([409]), answer: true },
      'list-tokens': {
        check: (r) => {
          statusOf([200])(r);
          expect(r.json().map((token: any) => token.id)).toEqual([r.env.SECOND_TOKEN_ID, r.env.WALLET_TOKEN_ID]);
        },
        answer: true,
      },
      'list-vault': { check: statusOf([200]), answer: true },
      'set-favorite': { check: statusOf([200]), answer: true },
      'favorite-again': { check: statusOf([400]), answer: true },
      deactivate: { check: statusOf([200, 200]), answer: true },
      'browser-list': { check: statusOf([200]), answer: true },
      'browser-delete': { answer: true },
      'delete-token': { answer: true },
      'legacy-session': { check: statusOf([201]), answer: true },
    },
  },
  {
    page: 'integrate/wallet/errors.mdx',
    merchant: 'fresh',
    before: withMerchantId,
    samples: {
      'missing-merchant-id': { check: statusOf([400]), answer: true },
      'invalid-fields': { check: statusOf([400, 400]), answer: true },
      'session-not-found': { check: statusOf([404]), answer: true },
    },
  },
];

// ---- the answer blocks -------------------------------------------------------------------------

const blocksByPage = new Map(
  plans.map((plan) => [plan.page, blocksOf(readFileSync(join(contentDir, plan.page), 'utf8'))]),
);

/** The illustrative block a page shows after a sample (before the next runnable one). */
function documentedBlockAfter(state: PageState, id: string, lang?: string): string {
  const blocks = blocksByPage.get(state.page as string) ?? [];
  const at = blocks.findIndex((block) => block.run === id);
  const next = blocks
    .slice(at + 1)
    .find((block, index, rest) => !block.run && !rest.slice(0, index).some((earlier) => earlier.run));
  if (!next || (lang && next.lang !== lang))
    throw new Error(`${String(state.page)}: no ${lang ?? 'answer'} block after the sample ${id}`);
  return next.code;
}

function eventsIn(text: string) {
  const events: Record<'client_session' | 'payment', string[]> = { client_session: [], payment: [] };
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+) (client_session|payment) (\S+) v(\d+)$/.exec(line.trim());
    if (!match) continue;
    events[match[2] as 'client_session' | 'payment'].push(`${match[1]} v${match[4]}`);
    ids.add(match[3]!);
  }
  return { ...events, ids: [...ids].sort() };
}

function expectDocumentedAnswer(
  result: Result,
  state: PageState,
  id: string,
  options: true | { ignore?: string[]; path?: string },
): void {
  const block = documentedBlockAfter(state, id);
  const urls = { tessera: stack.baseUrl, sandbox: stack.sandbox.url };
  const { ignore = [], path } = options === true ? {} : options;
  if (blocksByPage.get(state.page as string)?.find((candidate) => candidate.code === block)?.lang === 'json') {
    let real = result.json();
    for (const key of path ? path.split('.') : []) real = real?.[key];
    const problems = departures(real, JSON.parse(block), urls, ignore);
    expect(problems, `the answer shown after ${id} differs from the real one`).toEqual([]);
  } else {
    const documented = block.trim().split('\n');
    const real = result.stdout.trim().split('\n');
    expect(real.length, `lines printed by ${id}:\n${result.stdout}`).toBe(documented.length);
    documented.forEach((line, index) =>
      expect(real[index], `line ${index + 1} printed by ${id}`).toMatch(patternOf(line, urls)),
    );
  }
}

// ---- the tests ---------------------------------------------------------------------------------

beforeAll(async () => {
  stack = await startStack({ webhookRetryInitialIntervalMs: 200 });
  binDir = join(scratchRoot, '.bin');
  installShims(binDir);
}, 120_000);
afterAll(async () => stack?.close());

describe('the documentation samples convention', () => {
  it('runs every page that has runnable samples, and each has an id of its own', () => {
    const withSamples = listMdx(contentDir)
      .filter((file) => blocksOf(readFileSync(file, 'utf8')).some((block) => block.run))
      .map((file) => relative(contentDir, file).split('\\').join('/'))
      .sort();
    expect(withSamples).toEqual(plans.map((plan) => plan.page).sort());
    for (const [page, blocks] of blocksByPage) {
      const ids = blocks.filter((block) => block.run).map((block) => block.run);
      expect(new Set(ids).size, `${page} repeats a sample id`).toBe(ids.length);
      for (const block of blocks.filter((candidate) => candidate.run)) {
        expect(['bash', 'javascript'], `${page}:${block.line}`).toContain(block.lang);
        if (block.lang === 'javascript')
          expect(block.file, `${page}:${block.line} needs file=`).toMatch(/^[\w.-]+\.m?js$/);
      }
    }
  });

  it('has a check for every runnable sample and a runnable sample for every check', () => {
    for (const plan of plans) {
      const ids = blocksByPage
        .get(plan.page)!
        .filter((block) => block.run)
        .map((block) => block.run);
      expect(ids, plan.page).toEqual(Object.keys(plan.samples));
    }
  });

  it('keeps curl on the loopback interface', async () => {
    const state: PageState = {
      dir: scratchRoot,
      env: { PATH: `${binDir}:${dirname(process.execPath)}:/usr/bin:/bin` },
      failed: false,
      cleanups: [],
    };
    await expect(runBash('curl -s https://example.com/', state)).rejects.toThrow(
      /only http:\/\/127\.0\.0\.1 may be called/,
    );
  });
});

for (const plan of plans) {
  describe(plan.page, () => {
    const state: PageState = {
      dir: join(scratchRoot, plan.page.replace(/\.mdx$/, '').replaceAll('/', '--')),
      env: {},
      failed: false,
      cleanups: [],
      page: plan.page,
    };

    beforeAll(async () => {
      rmSync(state.dir, { recursive: true, force: true });
      mkdirSync(state.dir, { recursive: true });
      // Gift card balances and queued faults live in the sandbox: each page starts from the documented data.
      stack.sandbox.reset();
      state.env = {
        PATH: `${binDir}:${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        HOME: process.env.HOME ?? state.dir,
        LANG: 'C.UTF-8',
        TESSERA_URL: stack.baseUrl,
        SANDBOX_URL: stack.sandbox.url,
      };
      if (plan.merchant === 'fresh') {
        const merchant = await stack.createMerchant(`Docs ${plan.page}`);
        Object.assign(state.env, {
          ENTITY_ID: merchant.entity_id,
          CLIENT_ID: merchant.client_id,
          CLIENT_SECRET: merchant.client_secret,
          API_KEY: merchant.api_key,
          PUBLISHABLE_KEY: merchant.publishable_key,
          WEBHOOK_SECRET: merchant.webhook_secret,
          TOKEN: await stack.accessToken(merchant),
        });
      } else {
        // `npm run merchant:create` works on the database of the running service.
        Object.assign(state.env, {
          DATABASE_URL: stack.config.databaseUrl,
          TESSERA_ENCRYPTION_KEY: stack.config.encryptionKey.toString('base64'),
        });
      }
      await plan.before?.(state);
    }, 60_000);
    afterAll(async () => {
      for (const cleanup of state.cleanups.reverse()) await cleanup();
    });

    for (const block of blocksByPage.get(plan.page)!.filter((candidate) => candidate.run)) {
      const id = block.run!;
      it(`${id} (line ${block.line})`, async () => {
        // A page's samples build on each other: after a failure the rest cannot pass either.
        if (state.failed) throw new Error(`an earlier sample of ${plan.page} failed`);
        const expected = plan.samples[id];
        if (!expected) throw new Error(`${plan.page}: no check for the sample ${id}`);
        try {
          if (block.lang === 'javascript') {
            writeFileSync(join(state.dir, block.file!), block.code);
            await expected.after?.(
              { stdout: '', stderr: '', statuses: [], env: state.env, json: () => undefined, file: () => undefined },
              state,
            );
            return;
          }
          let result: Result | undefined;
          for (let attempt = 1; ; attempt += 1) {
            result = await runBash(block.code, state);
            try {
              await expected.check?.(result, state);
              if (expected.answer) expectDocumentedAnswer(result, state, id, expected.answer);
              break;
            } catch (error) {
              if (!expected.retry || attempt >= 40) throw error;
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          }
          state.env = result.env;
          await expected.after?.(result, state);
        } catch (error) {
          state.failed = true;
          throw error;
        }
      }, 180_000);
    }

    for (const [name, run] of Object.entries(plan.extra ?? {})) {
      it(
        name,
        async () => {
          if (state.failed) throw new Error(`an earlier sample of ${plan.page} failed`);
          await run(state);
        },
        60_000,
      );
    }
  });
}
