// Samples of web/src/docs/content/integrate/api-v1/notifications.mdx: the Node.js and PHP hook
// endpoints run as the reader runs them, and receive Tessera's real notifications.
import { expect } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { signV1Notification } from '../../../../../activities/webhooks/v1-notification-signature';
import { v1NotificationKeyPair } from '../../../../../db/notification-key';
import { call, eventually } from '../../../../support/api-client';
import { freePort } from '../../../../support/free-port';
import { startWebhookReceiver } from '../../../../support/webhook-receiver';
import {
  departures,
  documentedBlockAfter,
  pageBlocks,
  patternOf,
  statusOf,
  type PagePlan,
  type PageState,
} from '../../../../support/docs-samples/harness';

/** A hook endpoint the reader starts in another terminal: its output, and its process ended with the page. */
function startEndpoint(state: PageState, command: string, args: string[], port: number): string[] {
  const child: ChildProcess = spawn(command, args, {
    cwd: state.dir,
    env: { PATH: state.env.PATH, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (prefix: string) => (chunk: string) =>
    output.push(
      ...chunk
        .split('\n')
        .filter(Boolean)
        .map((line) => prefix + line),
    );
  child.stdout!.setEncoding('utf8').on('data', collect(''));
  child.stderr!.setEncoding('utf8').on('data', collect('stderr: '));
  state.cleanups.push(() => {
    child.kill();
  });
  return output;
}

/** Until the port accepts connections: a request would be a notification without signature. */
async function listening(url: string): Promise<void> {
  const { port } = new URL(url);
  await eventually(
    () =>
      new Promise<true | undefined>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(undefined));
      }),
    { what: `${url} to listen`, timeoutMs: 10_000 },
  );
}

const notificationLines = (lines: readonly string[]) => lines.filter((line) => /^[A-Z_]+ [A-Z]+ [A-Z_]+ /.test(line));
const phpLog = (state: PageState) => {
  try {
    return readFileSync(join(state.dir, 'hook.log'), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

export default {
  merchant: 'fresh',
  samples: {
    'public-key': {
      check: (r, state) => {
        statusOf([200])(r);
        expect(readFileSync(join(state.dir, 'tessera-v1-public-key.pem'), 'utf8')).toContain('END PUBLIC KEY');
      },
      answer: true,
    },
    'node-hook': {
      after: async (_r, state) => {
        const port = await freePort();
        state.nodeOutput = startEndpoint(state, process.execPath, ['hook.mjs'], port);
        state.env.NODE_HOOK_URL = `http://127.0.0.1:${port}/`;
        await listening(state.env.NODE_HOOK_URL);
        // The socket may accept before the endpoint's first line reaches this process.
        const output = state.nodeOutput as string[];
        await eventually(async () => (output.includes(`listening on http://127.0.0.1:${port}/`) ? true : undefined), {
          what: 'the endpoint to say where it listens',
          timeoutMs: 10_000,
        });
      },
    },
    'pay-node-hook': {
      check: statusOf([201, 201, 200, 200]),
      after: async (_r, state) => {
        // The page shows what the endpoint prints: the same notifications, in the same order.
        const documented = documentedBlockAfter(state, 'pay-node-hook', 'text').trim().split('\n');
        const output = state.nodeOutput as string[];
        await eventually(async () => (notificationLines(output).length >= documented.length ? true : undefined), {
          what: 'the documented notifications',
          timeoutMs: 30_000,
        });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(notificationLines(output)).toEqual(documented);
        expect(output.filter((line) => /^(rejected|stderr)/.test(line))).toEqual([]);
      },
    },
    'php-hook': {
      after: async (_r, state) => {
        const port = await freePort();
        state.phpOutput = startEndpoint(state, 'php', ['-S', `127.0.0.1:${port}`, 'hook.php'], port);
        state.env.PHP_HOOK_URL = `http://127.0.0.1:${port}/`;
        await listening(state.env.PHP_HOOK_URL);
      },
    },
    'pay-php-hook': {
      check: statusOf([201, 201, 200]),
      // "A moment later": the reader looks at the log once the worker has delivered.
      after: async (_r, state) => {
        await eventually(async () => (phpLog(state).length > 0 ? true : undefined), {
          what: 'the PHP endpoint to log the notification',
          timeoutMs: 30_000,
        });
      },
    },
    'php-hook-log': {
      check: (r, state) => {
        expect(r.stdout.trim()).not.toBe('');
        expect(phpLog(state).filter((line) => line.startsWith('rejected'))).toEqual([]);
      },
      answer: true,
    },
    forged: {
      answer: true,
      check: async (_r, state) => {
        const output = state.nodeOutput as string[];
        await eventually(async () => (output.at(-1) === 'rejected: bad X-Signature' ? true : undefined), {
          what: 'the Node.js endpoint to reject the forgery',
          timeoutMs: 5_000,
        });
        expect(phpLog(state).at(-1)).toBe('rejected: bad X-Signature');
      },
    },
  },
  extra: {
    'both endpoints accept the deployment’s signature and refuse a changed body or another key': async (state) => {
      const { privateKeyPem } = await v1NotificationKeyPair(state.stack.sql, state.stack.config.encryptionKey);
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      });
      const body = JSON.stringify({
        transaction_id: 'f91783d2-d448-4528-a064-45ec3ee463a5',
        status: { action: 'REFUND', state: 'SUCCESS', code: 'SUCCEEDED' },
        plugin_result: { amount: 4, currency_code: 'EUR', status: 'REFUNDED' },
      });
      const post = (url: string, signature: string, payload = body) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signature },
          body: payload,
        }).then((answer) => answer.status);
      for (const url of [state.env.NODE_HOOK_URL!, state.env.PHP_HOOK_URL!]) {
        expect(await post(url, signV1Notification(privateKeyPem, body)), url).toBe(200);
        expect(
          await post(url, signV1Notification(privateKeyPem, body), body.replace('"amount":4', '"amount":40')),
          url,
        ).toBe(401);
        expect(await post(url, signV1Notification(other.toString(), body)), url).toBe(401);
        expect(await post(url, ''), url).toBe(401);
      }
      expect(phpLog(state).slice(-4)).toEqual([
        'REFUND SUCCESS SUCCEEDED 4 EUR',
        'rejected: bad X-Signature',
        'rejected: bad X-Signature',
        'rejected: bad X-Signature',
      ]);
      const output = state.nodeOutput as string[];
      await eventually(async () => (output.length >= 4 && output.at(-1)?.startsWith('rejected') ? true : undefined), {
        what: 'the Node.js endpoint to answer',
        timeoutMs: 5_000,
      });
      expect(output.slice(-4)).toEqual([
        'REFUND SUCCESS SUCCEEDED 4 EUR',
        'rejected: bad X-Signature',
        'rejected: bad X-Signature',
        'rejected: bad X-Signature',
      ]);
    },
    'the notification the page shows is the one Tessera sends, with those headers': async (state) => {
      const receiver = await startWebhookReceiver();
      state.cleanups.push(() => receiver.close());
      const { env } = state;
      const created = await call(env.TESSERA_URL!, 'POST', `/payment/v1/${env.ENTITY_ID}/sessions/create`, {
        token: env.TOKEN!,
        body: {
          hook: receiver.url,
          amount: '25.99',
          order: { reference: 'ORDER-303', redirection: 'https://shop.example.com/back', currency_code: 'EUR' },
        },
      });
      expect(created.status).toBe(201);
      const vaulted = await call(env.TESSERA_URL!, 'POST', '/v2/vault/cards', {
        apiKey: env.PUBLISHABLE_KEY!,
        body: { number: '4242424242424242', expiry_month: '12', expiry_year: '30', cvv: '123' },
      });
      const cardToken: string = vaulted.body.vault_form_token;
      const paid = await call(
        env.TESSERA_URL!,
        'POST',
        `/payment/v1/${env.ENTITY_ID}/sessions/${created.body.id}/validate`,
        {
          apiKey: env.PUBLISHABLE_KEY!,
          body: [
            {
              partner: 'sandbox-card',
              method: 'creditcard',
              amount: '25.99',
              payment_data: { token: cardToken },
            },
          ],
        },
      );
      expect(paid.status).toBe(200);
      const captured = await call(
        env.TESSERA_URL!,
        'POST',
        `/payment/v1/${env.ENTITY_ID}/transactions/${paid.body.results[0].transaction_id}/capture`,
        { token: env.TOKEN!, body: { amount: '25.99' } },
      );
      expect(captured.status).toBe(200);
      const delivery = await eventually(
        async () => receiver.received.find((candidate) => candidate.json.status.action === 'CAPTURE'),
        { what: 'the CAPTURE notification', timeoutMs: 20_000 },
      );
      const urls = { tessera: state.stack.baseUrl, sandbox: state.stack.sandbox.url };
      const shown = pageBlocks(state.page).find((block) => block.lang === 'json' && block.code.includes('"CAPTURE"'))!;
      expect(departures(delivery.json, JSON.parse(shown.code), urls, [])).toEqual([]);
      const headers = pageBlocks(state.page).find((block) => block.lang === 'http')!.code;
      // The signature differs at every attempt (OAEP is randomised): only its size is checked.
      for (const [, name, value] of headers.matchAll(/^([a-z-]+): (.+)$/gm))
        if (name !== 'x-signature') expect(String(delivery.headers[name!]), name).toMatch(patternOf(value!, urls));
      expect(Buffer.from(String(delivery.headers['x-signature']), 'base64')).toHaveLength(256);
    },
  },
} satisfies PagePlan;
