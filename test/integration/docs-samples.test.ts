// Every runnable code sample of the documentation pages, run as a reader would run it, against a real
// stack (api, worker, Temporal, PostgreSQL, sandbox partners).
//
// The convention (web/README.md, "Runnable code samples"): a fenced block whose info string carries
// `run=<id>` is runnable. `bash` blocks run in page order in a scratch folder of the page, with the
// variables they export carried to the next ones; `javascript` blocks with `file=<name>` are written
// there for the next blocks to run, and so are `php` blocks with `file=<name>` (PHP and phpseclib come
// from Debian's packages: scripts/ensure-php.sh). Each page's plan, in docs-samples/ at the page's own path
// (docs-samples/integrate/getting-started.ts for integrate/getting-started.mdx), holds the expected
// answer of every sample and the steps a reader does by hand in between (paying on the hosted page,
// approving on a sandbox page). A sample flagged `answer` must also match the answer block the page
// shows right after it. The harness is test/support/docs-samples/harness.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  blocksOf,
  contentDir,
  expectDocumentedAnswer,
  installShims,
  listMdx,
  pageBlocks,
  phpWithPhpseclib,
  runBash,
  scratchRoot,
  type PagePlan,
  type PageState,
  type Result,
} from '../support/docs-samples/harness';
import { startStack, type Stack } from '../support/stack';

const planModules = import.meta.glob<{ default: PagePlan }>('./docs-samples/**/*.ts', { eager: true });
const plans = Object.entries(planModules)
  .map(([file, module]) => ({
    page: file.replace(/^\.\/docs-samples\//, '').replace(/\.ts$/, '.mdx'),
    ...module.default,
  }))
  .sort((a, b) => a.page.localeCompare(b.page));

let stack: Stack;
const binDir = join(scratchRoot, '.bin');

beforeAll(async () => {
  stack = await startStack({ webhookRetryInitialIntervalMs: 200 });
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
    for (const page of plans.map((plan) => plan.page)) {
      const blocks = pageBlocks(page);
      const ids = blocks.filter((block) => block.run).map((block) => block.run);
      expect(new Set(ids).size, `${page} repeats a sample id`).toBe(ids.length);
      for (const block of blocks.filter((candidate) => candidate.run)) {
        expect(['bash', 'javascript', 'php'], `${page}:${block.line}`).toContain(block.lang);
        if (block.lang === 'javascript')
          expect(block.file, `${page}:${block.line} needs file=`).toMatch(/^[\w.-]+\.m?js$/);
        if (block.lang === 'php') expect(block.file, `${page}:${block.line} needs file=`).toMatch(/^[\w.-]+\.php$/);
      }
    }
  });

  it('has a check for every runnable sample and a runnable sample for every check', () => {
    for (const plan of plans) {
      const ids = pageBlocks(plan.page)
        .filter((block) => block.run)
        .map((block) => block.run);
      expect(ids, plan.page).toEqual(Object.keys(plan.samples));
    }
  });

  it('has PHP with phpseclib 2 when a page has PHP samples', () => {
    const phpPages = plans.filter((plan) => pageBlocks(plan.page).some((block) => block.lang === 'php' && block.run));
    const php = phpPages.length > 0 ? phpWithPhpseclib() : 'ok';
    expect(php, phpPages.map((plan) => plan.page).join(', ')).toBe('ok');
  });

  it('keeps curl on the loopback interface', async () => {
    const state: PageState = {
      page: 'none',
      stack,
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
      page: plan.page,
      stack: undefined as unknown as Stack,
      dir: join(scratchRoot, plan.page.replace(/\.mdx$/, '').replaceAll('/', '--')),
      env: {},
      failed: false,
      cleanups: [],
    };

    beforeAll(async () => {
      state.stack = stack;
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

    for (const block of pageBlocks(plan.page).filter((candidate) => candidate.run)) {
      const id = block.run!;
      it(`${id} (line ${block.line})`, async () => {
        // A page's samples build on each other: after a failure the rest cannot pass either.
        if (state.failed) throw new Error(`an earlier sample of ${plan.page} failed`);
        const expected = plan.samples[id];
        if (!expected) throw new Error(`${plan.page}: no check for the sample ${id}`);
        try {
          if (block.lang === 'javascript' || block.lang === 'php') {
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
