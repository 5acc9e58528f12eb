// The harness of the documentation samples test (test/integration/docs-samples.test.ts): extracting
// the runnable blocks of a page, running them as a reader would, comparing their output with the
// answers the page shows, and the steps a reader does by hand in between. Each page's plan is in
// test/integration/docs-samples/, at the page's own path.
import { expect } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from '../api-client';
import { completeShopperPage } from '../payments';
import type { Stack } from '../stack';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const contentDir = join(repoRoot, 'web', 'src', 'docs', 'content');
export const scratchRoot = join(repoRoot, 'test-artifacts', 'docs-samples');
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// ---- extracting the samples ------------------------------------------------------------------

export interface Block {
  lang: string;
  code: string;
  line: number;
  run?: string | undefined;
  file?: string | undefined;
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

export function listMdx(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listMdx(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}

// ---- running them ------------------------------------------------------------------------------

export interface Result {
  stdout: string;
  stderr: string;
  /** HTTP status of each curl call, in order (reported by the curl shim). */
  statuses: number[];
  env: Record<string, string>;
  json(): any;
  file(name: string): any;
}

export interface PageState {
  /** The page's path under web/src/docs/content. */
  page: string;
  stack: Stack;
  dir: string;
  env: Record<string, string>;
  failed: boolean;
  cleanups: (() => Promise<void> | void)[];
  [key: string]: unknown;
}

/** curl that may only reach 127.0.0.1, and reports each call's HTTP status on stderr. */
export function installShims(dir: string): void {
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

/**
 * 'ok' when `php` runs and loads phpseclib 2 from Debian's php-phpseclib (what the PHP samples
 * use), else what is missing: `npm test` installs both (scripts/ensure-php.sh).
 */
export function phpWithPhpseclib(): string {
  try {
    return execFileSync(
      'php',
      ['-r', 'require "phpseclib/autoload.php"; echo class_exists("phpseclib\\Crypt\\RSA") ? "ok" : "no phpseclib 2";'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    ).trim();
  } catch (error) {
    return `php or phpseclib 2 is missing, run scripts/ensure-php.sh: ${(error as Error).message.split('\n')[0]}`;
  }
}

export function runBash(code: string, state: PageState): Promise<Result> {
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
export function patternOf(documented: string, urls: { tessera: string; sandbox: string }): RegExp {
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
export function departures(
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

/** The shopper opens the hosted page: it reads the session and the publishable key from its own address. */
async function openHostedPage(env: Record<string, string>): Promise<{ publishableKey: string; session: any }> {
  const page = await call(env.TESSERA_URL!, 'GET', `/checkout/v1/entities/${env.ENTITY_ID}/sessions/${env.SESSION_ID}`);
  expect(page.status).toBe(200);
  expect(page.body.session.status).toBe('CHOICE_IN_PROGRESS');
  return { publishableKey: page.body.publishable_key, session: page.body.session };
}

/** The hosted page submits the shopper's choice, as the browser does. */
async function submitOnHostedPage(
  env: Record<string, string>,
  publishableKey: string,
  sessionId: string,
  split: unknown[],
) {
  const submitted = await call(env.TESSERA_URL!, 'POST', `/checkout/v1/sessions/${sessionId}/payments`, {
    apiKey: publishableKey,
    body: { split },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  return submitted.body;
}

/** The hosted page: opened by the shopper, card tokenized with the publishable key, then submitted. */
export async function payOnHostedPage(env: Record<string, string>, cardNumber: string): Promise<any> {
  const { publishableKey, session } = await openHostedPage(env);
  const vaulted = await call(env.TESSERA_URL!, 'POST', '/v2/vault/cards', {
    apiKey: publishableKey,
    body: { number: cardNumber, expiry_month: '12', expiry_year: '30', cvv: '123', holder_name: 'Camille Martin' },
  });
  expect(vaulted.status).toBe(201);
  return submitOnHostedPage(env, publishableKey, session.id, [
    {
      amount: session.amount,
      partner: 'sandbox-card',
      method: 'creditcard',
      vault_form_token: vaulted.body.vault_form_token,
    },
  ]);
}

/** The hosted page with a saved card: the shopper's one click on the first one it lists, no card number. */
export async function payWithSavedCardOnHostedPage(env: Record<string, string>): Promise<any> {
  const { publishableKey, session } = await openHostedPage(env);
  const saved = await call(env.TESSERA_URL!, 'GET', `/checkout/v1/sessions/${session.id}/saved-methods`, {
    apiKey: publishableKey,
  });
  expect(saved.status).toBe(200);
  const [card] = saved.body;
  expect(card, 'the page lists no saved card').toBeDefined();
  return submitOnHostedPage(env, publishableKey, session.id, [
    { amount: session.amount, partner: card.partner, method: card.method, wallet_token: card.id },
  ]);
}

/** The shopper follows a redirection, decides on the sandbox page and comes back through Tessera. */
export async function decideAndReturn(href: string, choice: string): Promise<URL> {
  const decided = await completeShopperPage(href, choice);
  expect(decided.status).toBe(303);
  const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

// ---- the pages ---------------------------------------------------------------------------------

export interface SampleCheck {
  check?: (result: Result, state: PageState) => void | Promise<void>;
  /** The reader's manual step after the sample; may add variables. */
  after?: (result: Result, state: PageState) => Promise<void>;
  /** Run the sample again until its check holds (bounded): for answers that settle asynchronously. */
  retry?: boolean;
  /** Compare the answer with the json or text block the page shows after the sample. */
  answer?: true | { ignore?: string[]; path?: string };
}

export interface PagePlan {
  /** 'fresh': a merchant of its own, with its credentials in the environment. */
  merchant: 'fresh' | 'none';
  before?: (state: PageState) => Promise<void>;
  samples: Record<string, SampleCheck>;
  extra?: Record<string, (state: PageState) => Promise<void>>;
}

/** The wallet pages also need the merchant id (x-merchant-id), which merchant:create prints beside the entity id. */
export async function withMerchantId(state: PageState): Promise<void> {
  const [entity] = await state.stack.sql<
    { merchant_id: string }[]
  >`select merchant_id from entities where id = ${state.env.ENTITY_ID!}`;
  if (!entity) throw new Error(`no merchant for the entity ${state.env.ENTITY_ID}`);
  state.env.MERCHANT_ID = entity.merchant_id;
}

export const statusOf = (expected: number[]) => (result: Result) =>
  expect(result.statuses, result.stdout).toEqual(expected);

// ---- the answer blocks -------------------------------------------------------------------------

const blocksByPage = new Map<string, Block[]>();

/** The fenced blocks of a page, read once. */
export function pageBlocks(page: string): Block[] {
  let blocks = blocksByPage.get(page);
  if (!blocks) {
    blocks = blocksOf(readFileSync(join(contentDir, page), 'utf8'));
    blocksByPage.set(page, blocks);
  }
  return blocks;
}

/** The illustrative block a page shows after a sample (before the next runnable one). */
export function documentedBlockAfter(state: PageState, id: string, lang?: string): string {
  const blocks = pageBlocks(state.page);
  const at = blocks.findIndex((block) => block.run === id);
  const next = blocks
    .slice(at + 1)
    .find((block, index, rest) => !block.run && !rest.slice(0, index).some((earlier) => earlier.run));
  if (!next || (lang && next.lang !== lang))
    throw new Error(`${state.page}: no ${lang ?? 'answer'} block after the sample ${id}`);
  return next.code;
}

export function eventsIn(text: string) {
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

export function expectDocumentedAnswer(
  result: Result,
  state: PageState,
  id: string,
  options: true | { ignore?: string[]; path?: string },
): void {
  const block = documentedBlockAfter(state, id);
  const urls = { tessera: state.stack.baseUrl, sandbox: state.stack.sandbox.url };
  const { ignore = [], path } = options === true ? {} : options;
  if (pageBlocks(state.page).find((candidate) => candidate.code === block)?.lang === 'json') {
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
