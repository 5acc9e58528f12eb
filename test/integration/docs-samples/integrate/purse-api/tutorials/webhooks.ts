// Samples of web/src/docs/content/integrate/purse-api/tutorials/webhooks.mdx
import { expect } from 'vitest';
import { spawn } from 'node:child_process';
import { signWebhook } from '../../../../../../activities/webhooks/signature';
import { call, eventually } from '../../../../../support/api-client';
import { freePort } from '../../../../../support/free-port';
import { startWebhookReceiver } from '../../../../../support/webhook-receiver';
import {
  departures,
  documentedBlockAfter,
  eventsIn,
  pageBlocks,
  patternOf,
  payOnHostedPage,
  statusOf,
  type PagePlan,
} from '../../../../../support/docs-samples/harness';

export default {
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
        const attempts = await state.stack.sql<{ status_code: number; succeeded: boolean }[]>`
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
        const shown = pageBlocks(state.page).find(
          (block) => block.lang === 'json' && block.code.includes('"event_type": "CAPTURE"'),
        )!;
        expect(
          departures(
            final.json,
            JSON.parse(shown.code),
            { tessera: state.stack.baseUrl, sandbox: state.stack.sandbox.url },
            [],
          ),
        ).toEqual([]);
        const headers = pageBlocks(state.page).find((block) => block.lang === 'http')!.code;
        for (const [, name, value] of headers.matchAll(/^([a-z-]+): (.+)$/gm)) {
          expect(String(final.headers[name!]), name).toMatch(
            patternOf(value!.replace('3f9a0c…', '…').replace(/t=\d+/, 't=…'), {
              tessera: state.stack.baseUrl,
              sandbox: state.stack.sandbox.url,
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
} satisfies PagePlan;
