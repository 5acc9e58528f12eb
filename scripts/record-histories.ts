// Records Temporal histories of real lifecycles for the replay test (test/replay/README.md).
//
//   npx tsx scripts/record-histories.ts [--out dir] [--only scenario,...] [--old-workflows <workflows/index.ts>]
//
// `--old-workflows` names the workflows of an earlier commit (a worktree of it, with node_modules):
// the scenarios that upgrade a payment start it on those and finish it on these.
//
// It records the workflows of the tree it lives in: to record what has shipped while the working
// tree moves on, run it from a detached worktree of the shipped commit (the README shows how).
// Each workflow is fetched at a quiet point (completed, or waiting with nothing pending), since a
// history cut in the middle of a workflow task would not tell the replay anything more. Payloads are
// encrypted on the server (temporal/payload-codec.ts); the files hold them opened, so the replay
// needs no key and a reader sees what the workflow saw. They come from test data only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { historyToJSON } from '../test/replay/history-json';
import { derivedPayloadKey, payloadKeyRing } from '../platform/payload-keys';
import { EncryptionCodec } from '../temporal/payload-codec';
import { decodeHistory } from '../temporal/history-payloads';
import type { CreatedMerchant } from '../db/merchants';
import { projectRoot } from '../platform/config';
import { clientSessionWorkflowId } from '../workflows/client-session/id';
import { paymentWorkflowId } from '../workflows/payment/ids';
import { call, eventually, sessionApplication, type JsonResponse } from '../test/support/api-client';
import {
  quietBundlerLogger,
  startContinueAsNewServer,
  startTestInfrastructure,
  type SharedInfrastructure,
} from '../test/support/infrastructure';
import type { DevServer } from '../temporal/dev-server';
import { cardPayment, completeShopperPage, vaultCard, waitForAuthorization } from '../test/support/payments';
import { startStack, type Stack } from '../test/support/stack';
import { startWebhookReceiver } from '../test/support/webhook-receiver';
import { WEBHOOK_EVENT_TYPES } from '../domain/enums';
import { bundleWorkflowCode } from '@temporalio/worker';
import { createActivities } from '../activities';
import { partnersFor } from '../activities/partners-config';
import { createWorker } from '../temporal/worker';

const UPGRADE_DISPUTE_OPEN_MS = 8_000;

const { values: flags } = parseArgs({
  options: {
    out: { type: 'string' },
    only: { type: 'string' },
    'old-workflows': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (flags.help) {
  console.log(
    'usage: npx tsx scripts/record-histories.ts [--out dir] [--only scenario,...] [--old-workflows <workflows/index.ts>]',
  );
  process.exit(0);
}
const outDir = resolve(flags.out ?? join(projectRoot, 'test', 'replay', 'histories'));

/** One merchant on one stack, and the helpers every scenario drives it with. */
class Shop {
  private constructor(
    readonly stack: Stack,
    readonly merchant: CreatedMerchant,
    readonly token: string,
  ) {}

  static async open(stack: Stack): Promise<Shop> {
    const merchant = await stack.createMerchant('Replay recording shop');
    return new Shop(stack, merchant, await stack.accessToken(merchant));
  }

  api(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    return call(this.stack.baseUrl, method, path, { token: this.token, ...(body !== undefined ? { body } : {}) });
  }

  /** What the hosted page and the widget send, with the publishable key. */
  browser(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    return call(this.stack.baseUrl, method, path, {
      apiKey: this.merchant.publishable_key,
      ...(body !== undefined ? { body } : {}),
    });
  }

  card(number: string): Promise<string> {
    return vaultCard(this.stack, this.merchant, number);
  }

  async giftCard(number: string): Promise<string> {
    const answer = await call(this.stack.baseUrl, 'POST', '/v2/vault/gift-cards', {
      apiKey: this.merchant.api_key,
      body: { number },
    });
    return expectStatus(answer, 201, 'gift card vault').vault_form_token;
  }

  async createSession(overrides: Record<string, unknown> = {}): Promise<any> {
    const answer = await this.api(
      'POST',
      '/v2/client-sessions',
      sessionApplication(this.merchant.entity_id, { integration_mode: 'HOSTED_PAGE', ...overrides }),
    );
    return expectStatus(answer, 201, 'session creation');
  }

  async submitCard(sessionId: string, number: string, amount = 2599): Promise<{ session: any; payment: any }> {
    const split = [
      { amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: await this.card(number) },
    ];
    return expectStatus(
      await this.browser('POST', `/checkout/v1/sessions/${sessionId}/payments`, { split }),
      201,
      'card submission',
    );
  }

  async createPayment(body: Record<string, unknown>): Promise<any> {
    return expectStatus(await this.api('POST', '/v2/payments', body), 201, 'payment creation');
  }

  async operate(paymentId: string, kind: 'captures' | 'voids' | 'refunds', amount: number): Promise<any> {
    return expectStatus(
      await this.api('POST', `/v2/payments/${paymentId}/${kind}`, { amount }),
      201,
      `${kind} of ${amount}`,
    );
  }

  readPaymentUntil(paymentId: string, what: string, ready: (payment: any) => boolean): Promise<any> {
    return eventually(
      async () => {
        const answer = await this.api('GET', `/v2/payments/${paymentId}`);
        return answer.status === 200 && ready(answer.body) ? answer.body : undefined;
      },
      { what, timeoutMs: 30_000, intervalMs: 200 },
    );
  }

  readSessionUntil(sessionId: string, what: string, ready: (session: any) => boolean): Promise<any> {
    return eventually(
      async () => {
        const answer = await this.api('GET', `/v2/client-sessions/${sessionId}`);
        return answer.status === 200 && ready(answer.body) ? answer.body : undefined;
      },
      { what, timeoutMs: 30_000, intervalMs: 200 },
    );
  }
}

function expectStatus(answer: JsonResponse, status: number, what: string): any {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface Recorded {
  workflowId: string;
  /** One run of it (a run that continued as new); the latest run otherwise. */
  runId?: string;
  /** Tells apart two workflows of one type in a scenario (a refused payment and the next one). */
  label?: string;
  /** Every run of a workflow that continued as new, labelled run-1, run-2…; otherwise its last run. */
  allRuns?: boolean;
  /** The stack whose Temporal server holds it; the main one otherwise. */
  on?: Stack;
}

interface Context {
  shop: Shop;
  /** A stack whose sessions expire within seconds. */
  shortLivedShop: Shop;
  /** A stack on a Temporal server that suggests continue-as-new after a few events. */
  continuingShop: Shop;
  webhookUrl: string;
  /** The bundle of --old-workflows, for the scenarios that upgrade a payment. */
  oldWorkflows?: string;
}

const sessionOf = (id: string): Recorded => ({ workflowId: clientSessionWorkflowId(id) });
const paymentOf = (id: string, label?: string): Recorded => ({
  workflowId: paymentWorkflowId(id),
  ...(label ? { label } : {}),
});

const GIFT_CARD_50_EUR = '6036280000000001';
const GIFT_CARD_10_EUR = '6036280000000004';
const DISPUTE_WON_CARD = '4000000000000259';
const DISPUTE_LOST_CARD = '4000000000002685';

/** A captured payment with the dispute its card brings, once the dispute is recorded. */
async function disputedPayment(shop: Shop, card: string, webhookUrl: string): Promise<{ id: string; dispute: any }> {
  const payment = await shop.createPayment(
    cardPayment(shop.merchant.entity_id, await shop.card(card), {
      amount: 4000,
      webhook: { url: webhookUrl, event_types: [...WEBHOOK_EVENT_TYPES] },
    }),
  );
  await shop.operate(payment.id, 'captures', 4000);
  const disputed = await shop.readPaymentUntil(payment.id, 'the dispute opened', (read) => read.disputes?.length === 1);
  return { id: payment.id, dispute: disputed.disputes[0] };
}

const scenarios: Record<string, (context: Context) => Promise<Recorded[]>> = {
  async 'session-expired'({ shortLivedShop: shop }) {
    const session = await shop.createSession();
    await shop.readSessionUntil(session.id, 'session EXPIRED', (read) => read.status === 'EXPIRED');
    return [sessionOf(session.id)];
  },

  async 'session-aborted-by-merchant'({ shop, webhookUrl }) {
    const session = await shop.createSession({ webhook: { url: webhookUrl } });
    expectStatus(await shop.browser('GET', `/checkout/v1/sessions/${session.id}`), 200, 'session opened');
    expectStatus(
      await shop.api('POST', `/v2/client-sessions/${session.id}/abort`, { status: 'ABORTED_BY_MERCHANT' }),
      200,
      'abort',
    );
    return [sessionOf(session.id)];
  },

  async 'session-card-captured-refunded-voided'({ shop }) {
    const session = await shop.createSession();
    expectStatus(await shop.browser('GET', `/checkout/v1/sessions/${session.id}`), 200, 'session opened');
    const { payment } = await shop.submitCard(session.id, '4242424242424242');
    await shop.operate(payment.id, 'captures', 1000);
    await shop.operate(payment.id, 'refunds', 400);
    await shop.operate(payment.id, 'voids', 1599);
    return [sessionOf(session.id), paymentOf(payment.id)];
  },

  async 'session-card-refused-then-approved'({ shop }) {
    const session = await shop.createSession();
    const refused = await shop.submitCard(session.id, '4000000000000002');
    if (refused.payment.authorization.status !== 'REFUSED')
      throw new Error(`first card: ${refused.payment.authorization.status}`);
    const approved = await shop.submitCard(session.id, '5555555555554444');
    if (approved.payment.authorization.status !== 'AUTHORIZED')
      throw new Error(`second card: ${approved.payment.authorization.status}`);
    return [
      sessionOf(session.id),
      paymentOf(refused.payment.id, 'refused'),
      paymentOf(approved.payment.id, 'approved'),
    ];
  },

  async 'session-card-refused-then-aborted-by-merchant'({ shop, webhookUrl }) {
    const session = await shop.createSession({ webhook: { url: webhookUrl } });
    const refused = await shop.submitCard(session.id, '4000000000000002');
    if (refused.payment.authorization.status !== 'REFUSED')
      throw new Error(`the card: ${refused.payment.authorization.status}`);
    await shop.readSessionUntil(
      session.id,
      'the refusal on the session',
      (read) => read.authorization?.status === 'REFUSED',
    );
    expectStatus(
      await shop.api('POST', `/v2/client-sessions/${session.id}/abort`, { status: 'ABORTED_BY_MERCHANT' }),
      200,
      'abort',
    );
    return [sessionOf(session.id), paymentOf(refused.payment.id)];
  },

  async 'session-3ds-challenge-completed'({ shop }) {
    const session = await shop.createSession();
    const { payment } = await shop.submitCard(session.id, '4000002760003184');
    if (payment.authorization.status !== 'PENDING') throw new Error(`3DS card: ${payment.authorization.status}`);
    const done = await completeShopperPage(payment.redirection.href, 'complete');
    // The shopper's browser comes back through Tessera on its way to the merchant.
    await fetch(done.headers.get('location')!, { redirect: 'manual' });
    await waitForAuthorization(shop.stack, shop.token, payment.id, 'AUTHORIZED');
    await shop.readSessionUntil(
      session.id,
      'session told of the authorization',
      (read) => read.authorization?.status === 'AUTHORIZED',
    );
    return [sessionOf(session.id), paymentOf(payment.id)];
  },

  async 'payment-automatic-capture'({ shop }) {
    const payment = await shop.createPayment(
      cardPayment(shop.merchant.entity_id, await shop.card('4242424242424242'), { capture_mode: 'AUTOMATIC' }),
    );
    await shop.readPaymentUntil(payment.id, 'automatic capture', (read) => read.captures[0]?.status === 'SUCCESS');
    return [paymentOf(payment.id)];
  },

  async 'payment-gift-card-and-refused-card-compensated'({ shop }) {
    const split = [
      {
        amount: 5000,
        partner: 'sandbox-giftcard',
        method: 'giftcard',
        vault_form_token: await shop.giftCard(GIFT_CARD_50_EUR),
      },
      {
        amount: 3000,
        partner: 'sandbox-card',
        method: 'creditcard',
        vault_form_token: await shop.card('4000000000000002'),
      },
    ];
    const payment = await shop.createPayment({
      entity_id: shop.merchant.entity_id,
      amount: 8000,
      currency: 'EUR',
      order: { reference: `gift-${randomUUID()}`, net_amount: 8000 },
      shopper_redirection_url: 'https://shop.example/return',
      split,
    });
    await shop.readPaymentUntil(payment.id, 'compensating void', (read) => read.voids[0]?.status === 'SUCCESS');
    return [paymentOf(payment.id)];
  },

  async 'payment-gift-card-short-compensated'({ shop, webhookUrl }) {
    // The gift card holds 10.00 of the 50.00 asked: authorized short, refused at once, its hold voided.
    const payment = await shop.createPayment({
      entity_id: shop.merchant.entity_id,
      amount: 8000,
      currency: 'EUR',
      order: { reference: `gift-short-${randomUUID()}`, net_amount: 8000 },
      shopper_redirection_url: 'https://shop.example/return',
      webhook: { url: webhookUrl },
      split: [
        {
          amount: 5000,
          partner: 'sandbox-giftcard',
          method: 'giftcard',
          vault_form_token: await shop.giftCard(GIFT_CARD_10_EUR),
        },
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await shop.card('4242424242424242'),
        },
      ],
    });
    await shop.readPaymentUntil(payment.id, 'compensating void', (read) => read.voids[0]?.status === 'SUCCESS');
    return [paymentOf(payment.id)];
  },

  async 'payment-instalments-under-review'({ shop, webhookUrl }) {
    // The shopper applies at the lender, whose decision comes later: PENDING, then under review, then AUTHORIZED.
    const payment = await shop.createPayment({
      entity_id: shop.merchant.entity_id,
      amount: 30000,
      currency: 'EUR',
      order: { reference: `instalments-${randomUUID()}`, net_amount: 30000 },
      customer: { email: 'camille@example.com' },
      shopper_redirection_url: 'https://shop.example/return',
      webhook: { url: webhookUrl },
      split: [{ amount: 30000, partner: 'sandbox-instalments', method: '3x' }],
    });
    if (!payment.redirection) throw new Error('an instalment payment waits for its shopper');
    // Back through Tessera before the lender decides: the return's poll finds the review.
    const applied = await completeShopperPage(payment.redirection.href, 'apply');
    await fetch(applied.headers.get('location') ?? '', { redirect: 'manual' });
    await waitForAuthorization(shop.stack, shop.token, payment.id, 'AUTHORIZED');
    return [paymentOf(payment.id)];
  },

  async 'payment-uncertain-settled-by-polling'({ shop }) {
    const payment = await shop.createPayment(cardPayment(shop.merchant.entity_id, await shop.card('4000000000000119')));
    if (payment.authorization.status !== 'UNCERTAIN') throw new Error(`timeout card: ${payment.authorization.status}`);
    await waitForAuthorization(shop.stack, shop.token, payment.id, 'AUTHORIZED');
    return [paymentOf(payment.id)];
  },

  async 'payment-webhooks-every-event'({ shop, webhookUrl }) {
    const eventTypes = [...WEBHOOK_EVENT_TYPES];
    // Frictionless 3DS, so that authentication events are part of the story too.
    const payment = await shop.createPayment(
      cardPayment(shop.merchant.entity_id, await shop.card('4000000000003220'), {
        amount: 5000,
        webhook: { url: webhookUrl, event_types: eventTypes },
      }),
    );
    await shop.operate(payment.id, 'captures', 3000);
    await shop.operate(payment.id, 'voids', 2000);
    await shop.operate(payment.id, 'refunds', 1000);
    // Refunded down to zero: nothing can move any more and the workflow completes.
    await shop.operate(payment.id, 'refunds', 2000);
    return [paymentOf(payment.id)];
  },

  async 'payment-continued-as-new'({ continuingShop: shop, webhookUrl }) {
    const payment = await shop.createPayment(
      cardPayment(shop.merchant.entity_id, await shop.card('4242424242424242'), {
        amount: 10_000,
        webhook: { url: webhookUrl },
      }),
    );
    for (let i = 0; i < 4; i += 1) await shop.operate(payment.id, 'captures', 1000);
    for (let i = 0; i < 2; i += 1) await shop.operate(payment.id, 'refunds', 750);
    return [{ ...paymentOf(payment.id), allRuns: true, on: shop.stack }];
  },

  async 'payment-card-saved-to-wallet'({ shop }) {
    const token = await shop.card('5555555555554444');
    const payment = await shop.createPayment(
      cardPayment(shop.merchant.entity_id, token, {
        allow_future_usage: true,
        customer: { reference: `CUST-${randomUUID()}` },
        split: [
          {
            amount: 10_000,
            partner: 'sandbox-card',
            method: 'creditcard',
            vault_form_token: token,
            // A card kept for later payments is authenticated first.
            three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
          },
        ],
      }),
    );
    if (payment.authorization.status !== 'AUTHORIZED') throw new Error(`card: ${payment.authorization.status}`);
    return [paymentOf(payment.id)];
  },

  async 'payment-dispute-evidenced-won'({ shop, webhookUrl }) {
    const { id, dispute } = await disputedPayment(shop, DISPUTE_WON_CARD, webhookUrl);
    expectStatus(
      await shop.api('POST', `/v2/payments/${id}/disputes/${dispute.id}/evidence`, {
        text: 'Delivered and signed for.',
        files: [{ name: 'proof.pdf', url: 'https://files.shop.example/proof.pdf' }],
      }),
      201,
      'evidence',
    );
    await shop.readPaymentUntil(id, 'the dispute WON', (read) => read.disputes[0].status === 'WON');
    return [paymentOf(id)];
  },

  async 'payment-dispute-evidenced-lost'({ shop, webhookUrl }) {
    const { id, dispute } = await disputedPayment(shop, DISPUTE_LOST_CARD, webhookUrl);
    expectStatus(
      await shop.api('POST', `/v2/payments/${id}/disputes/${dispute.id}/evidence`, { text: 'Shipped.' }),
      201,
      'evidence',
    );
    await shop.readPaymentUntil(id, 'the dispute LOST', (read) => read.disputes[0].status === 'LOST');
    return [paymentOf(id)];
  },

  /**
   * A payment started on workflows from before disputes (--old-workflows), disputed once these run
   * it: its run records no dispute, and continues as new with the news. Its history is that run's.
   */
  async 'payment-disputed-after-upgrade'({ shop, webhookUrl, oldWorkflows }) {
    if (!oldWorkflows) throw new Error('payment-disputed-after-upgrade needs --old-workflows');
    const { stack } = shop;
    await stack.stopWorker();
    const old = await createWorker({
      address: stack.config.temporalAddress,
      namespace: stack.config.temporalNamespace,
      taskQueue: stack.config.taskQueue,
      activities: createActivities({
        sql: stack.sql,
        encryptionKey: stack.config.encryptionKey,
        webhookPrivateAddresses: stack.config.webhookPrivateAddresses,
        partners: partnersFor(stack.config),
      }),
      workflowBundle: { code: oldWorkflows },
      payloadKeys: stack.config,
    });
    const running = old.worker.run();
    const payment = await shop.createPayment(
      cardPayment(shop.merchant.entity_id, await shop.card(DISPUTE_LOST_CARD), {
        amount: 4000,
        webhook: { url: webhookUrl, event_types: ['PAYMENT'] },
      }),
    );
    await shop.operate(payment.id, 'captures', 4000);
    const { runId } = await stack.temporal.workflow.getHandle(paymentWorkflowId(payment.id)).describe();
    // The deploy: the old worker goes, a worker of these workflows takes the payment over before
    // the shopper's bank disputes it (UPGRADE_DISPUTE_OPEN_MS after the capture).
    old.worker.shutdown();
    await running;
    await old.connection.close();
    await stack.startWorker();
    await shop.readPaymentUntil(payment.id, 'the dispute recorded by the run it continued as', (read) =>
      read.disputes?.some((dispute: any) => dispute.status === 'NEEDS_RESPONSE'),
    );
    return [{ workflowId: paymentWorkflowId(payment.id), runId }];
  },

  async 'vault-purge'({ shop }) {
    const workflowId = `vault-purge/recorded-${randomUUID()}`;
    await shop.stack.temporal.workflow.execute('vaultPurgeWorkflow', {
      taskQueue: shop.stack.config.taskQueue,
      workflowId,
    });
    return [{ workflowId }];
  },
};

/**
 * Completed, or running with no activity or child pending and a history that stopped growing
 * (local activities never show as pending; the pause covers them and the signals between workflows).
 */
async function quietPoint(handle: WorkflowHandle): Promise<string> {
  const deadline = Date.now() + 60_000;
  let lastLength = -1;
  let stableSince = Date.now();
  for (;;) {
    const { status, historyLength, raw } = await handle.describe();
    if (status.name !== 'RUNNING') return status.name;
    const pending = (raw.pendingActivities?.length ?? 0) + (raw.pendingChildren?.length ?? 0);
    if (historyLength !== lastLength || pending > 0) {
      lastLength = historyLength;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 1_500) {
      return 'RUNNING';
    }
    if (Date.now() > deadline) throw new Error(`${handle.workflowId} never reached a quiet point (${pending} pending)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens what any of the stacks sealed: each has a key of its own. */
function codecOf(stacks: Stack[]): EncryptionCodec {
  const [first, ...others] = stacks;
  return new EncryptionCodec(
    payloadKeyRing({
      encryptionKey: first!.config.encryptionKey,
      payloadDecryptionKeys: others.map((other) => derivedPayloadKey(other.config.encryptionKey)),
    }),
  );
}

/** Every run of a workflow, first first. */
async function runsOf(temporal: Client, workflowId: string): Promise<WorkflowHandle[]> {
  const runs: { runId: string; startTime: Date }[] = [];
  for await (const run of temporal.workflow.list({ query: `WorkflowId = '${workflowId}'` }))
    runs.push({ runId: run.runId, startTime: run.startTime });
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  return runs.map((run) => temporal.workflow.getHandle(workflowId, run.runId));
}

async function record(main: Stack, codec: EncryptionCodec, scenario: string, recorded: Recorded[]): Promise<void> {
  for (const { workflowId, runId, label, allRuns, on } of recorded) {
    const { temporal } = on ?? main;
    await quietPoint(temporal.workflow.getHandle(workflowId, runId));
    const handles = allRuns ? await runsOf(temporal, workflowId) : [temporal.workflow.getHandle(workflowId, runId)];
    for (const [index, handle] of handles.entries())
      await recordRun(handle, codec, `${scenario}--${await typeOf(handle)}`, allRuns ? `run-${index + 1}` : label);
  }
}

async function typeOf(handle: WorkflowHandle): Promise<string> {
  return (await handle.describe()).type;
}

async function recordRun(
  handle: WorkflowHandle,
  codec: EncryptionCodec,
  name: string,
  label: string | undefined,
): Promise<void> {
  const status = await quietPoint(handle);
  const file = join(outDir, `${name}${label ? `-${label}` : ''}.json`);
  // Old histories stay as they are: they stand for workflows that may still be running.
  if (existsSync(file)) throw new Error(`${relative(process.cwd(), file)} exists; record into another --out folder`);
  const json = historyToJSON(await decodeHistory(await handle.fetchHistory(), codec));
  writeFileSync(file, `${json}\n`);
  console.log(`${relative(process.cwd(), file)}  ${status}  ${(json.length / 1024).toFixed(1)} KiB`);
}

function provenance(): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', projectRoot, ...args], { encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', 'workflows') !== '';
    return `${git('rev-parse', 'HEAD')}${dirty ? ' with uncommitted changes in workflows/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

async function main(): Promise<void> {
  const selected = flags.only
    ? flags.only.split(',')
    : Object.keys(scenarios).filter((name) => flags['old-workflows'] || name !== 'payment-disputed-after-upgrade');
  const unknown = selected.filter((name) => !(name in scenarios));
  if (unknown.length > 0)
    throw new Error(`unknown scenarios: ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  mkdirSync(outDir, { recursive: true });

  const infrastructure = await startTestInfrastructure({ removeBundleOnStop: true });
  const shared: SharedInfrastructure = infrastructure;
  const stacks: Stack[] = [];
  let continuing: DevServer | undefined;
  const receiver = await startWebhookReceiver();
  try {
    const stack = await startStack({
      infrastructure: shared,
      webhookRetryInitialIntervalMs: 200,
      // Time enough between a capture and its dispute for the upgrade scenario to change workers.
      sandbox: { disputeOpenMs: UPGRADE_DISPUTE_OPEN_MS, disputeDecisionMs: 500 },
    });
    stacks.push(stack);
    const shortLived = await startStack({ infrastructure: shared, sessionTtlSeconds: 2 });
    stacks.push(shortLived);
    // A few runs, not dozens: a run continues as new after about three operations.
    continuing = await startContinueAsNewServer(40);
    const continuingStack = await startStack({
      infrastructure: { ...shared, temporalAddress: continuing.address },
      webhookRetryInitialIntervalMs: 200,
    });
    stacks.push(continuingStack);
    const codec = codecOf(stacks);
    const context: Context = {
      shop: await Shop.open(stack),
      shortLivedShop: await Shop.open(shortLived),
      continuingShop: await Shop.open(continuingStack),
      webhookUrl: receiver.url,
      ...(flags['old-workflows']
        ? {
            oldWorkflows: (
              await bundleWorkflowCode({ workflowsPath: resolve(flags['old-workflows']), logger: quietBundlerLogger })
            ).code,
          }
        : {}),
    };
    for (const name of selected) {
      const started = Date.now();
      const recorded = await scenarios[name]!(context);
      // The first two stacks share one Temporal namespace: either client finds their workflows.
      await record(stack, codec, name, recorded);
      console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    writeFileSync(
      join(outDir, 'recorded-from.txt'),
      `Recorded by scripts/record-histories.ts on ${new Date().toISOString()} from the workflows of ${provenance()}.\n`,
    );
  } finally {
    for (const stack of stacks) await stack.close();
    await continuing?.stop();
    await receiver.close();
    await infrastructure.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
