// No secret or personal data in clear, anywhere an operator or an attacker could read it: a full
// journey runs against the api, the worker and the sandbox partners as processes of their own
// (logging at debug, every line kept), then every log line, every row of every table of the
// application's database, and every workflow history as the Temporal server stores it (fetched
// raw, no codec) are scanned for card numbers (any Luhn-valid 13-19 digit run), the CVVs typed,
// the merchant's credentials, the access tokens, the wallet token values and the customer's
// email, address and phone number (test/support/secret-scan.ts). The count found must be 0.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../../db/connection';
import { createMerchant, type CreatedMerchant } from '../../db/merchants';
import { connectClient } from '../../temporal/client';
import { payloadsOf } from '../../temporal/history-payloads';
import { isEncryptedPayload } from '../../temporal/payload-codec';
import { historyToJSON } from '../replay/history-json';
import { call, eventually, sessionApplication } from '../support/api-client';
import { freePort } from '../support/free-port';
import { completeShopperPage } from '../support/payments';
import { SecretScanner, cardNumbersIn, luhnValid, type Needle } from '../support/secret-scan';
import { ServiceProcess } from '../support/service-process';
import { createTestDatabase, providedInfrastructure } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

const unique = () => randomBytes(4).toString('hex');
/** Three-digit CVVs no amount or status of the journey uses. */
const CVV_VISA = String(randomInt(600, 700));
const CVV_MASTERCARD = String(randomInt(700, 800));
const customer = {
  reference: `CUST-SCAN-${unique()}`,
  email: `jeanne.${unique()}@example.org`,
  first_name: 'Jeanne',
  last_name: `Scanlon${unique()}`,
  mobile_phone_number: `+336${String(randomInt(10_000_000, 99_999_999))}`,
};
const street = `${randomInt(10, 99)} rue ${unique()}`;
const v1Email = `v1.${unique()}@example.org`;
const merchantTokenValue = `sbx_tok_${randomUUID().replaceAll('-', '')}`;
// Receivers that authenticate by url: a token in the webhook's path, another in its query.
const hookPathToken = `hookpath${randomBytes(12).toString('hex')}`;
const hookQueryToken = `hookquery${randomBytes(12).toString('hex')}`;
let hookUrl: string;

let sql: Sql;
let merchant: CreatedMerchant;
let baseUrl: string;
let taskQueue: string;
let encryptionKey: Buffer;
let temporalAddress: string;
let dataDir: string;
const processes: ServiceProcess[] = [];
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
const secrets: Needle[] = [];

beforeAll(async () => {
  const infrastructure = providedInfrastructure();
  temporalAddress = infrastructure.temporalAddress;
  const databaseUrl = await createTestDatabase(infrastructure);
  sql = connect(databaseUrl, { max: 2 });
  encryptionKey = randomBytes(32);
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-scan-'));
  const apiPort = await freePort();
  const sandboxPort = await freePort();
  baseUrl = `http://127.0.0.1:${apiPort}`;
  taskQueue = `scan-${randomUUID()}`;
  const env = {
    NODE_ENV: 'test',
    // Stricter than production's info: whatever the processes say at debug must hold nothing either.
    LOG_LEVEL: 'debug',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TESSERA_TASK_QUEUE: taskQueue,
    TESSERA_ENCRYPTION_KEY: encryptionKey.toString('base64'),
    TESSERA_OPERATOR_TOKEN: randomBytes(32).toString('base64url'),
    TESSERA_DATA_DIR: dataDir,
    TESSERA_WORKFLOW_BUNDLE: infrastructure.workflowBundlePath,
    TESSERA_WEBHOOK_RETRY_INITIAL_MS: '200',
    TESSERA_RATE_LIMIT_VAULT_PER_IP: '100000/1m',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    TESSERA_PUBLIC_URL: baseUrl,
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_PARTNERS_URL: `http://127.0.0.1:${sandboxPort}`,
    SANDBOX_NOTIFICATION_SECRET: randomBytes(16).toString('hex'),
    SANDBOX_LOG: '1',
  };
  processes.push(await ServiceProcess.start('sandbox partners', 'partners/sandbox-network/main.ts', env, 'listening'));
  processes.push(await ServiceProcess.start('worker', 'temporal/worker-main.ts', env, 'worker polling'));
  processes.push(await ServiceProcess.start('api', 'api/main.ts', env, 'api listening'));
  merchant = await createMerchant(sql, encryptionKey, { name: 'Scanned shop' });
  hook = await startWebhookReceiver();
  hookUrl = `${hook.url}/${hookPathToken}?key=${hookQueryToken}`;
  secrets.push(
    { label: 'client secret', value: merchant.client_secret },
    { label: 'API key', value: merchant.api_key },
    { label: 'webhook secret', value: merchant.webhook_secret },
    { label: 'customer email', value: customer.email },
    { label: 'customer email (v1)', value: v1Email },
    { label: 'customer last name', value: customer.last_name },
    { label: 'customer phone number', value: customer.mobile_phone_number },
    { label: 'billing street', value: street },
    { label: 'wallet token value', value: merchantTokenValue },
    { label: 'token in the webhook url path', value: hookPathToken },
    { label: 'token in the webhook url query', value: hookQueryToken },
  );
}, 180_000);

afterAll(async () => {
  await hook?.close();
  for (const service of processes) await service.stop();
  await sql?.end({ timeout: 5 });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function accessToken(query = false): Promise<string> {
  const basic = `Basic ${Buffer.from(`${merchant.client_id}:${merchant.client_secret}`).toString('base64')}`;
  const response = query
    ? // As the v1 plugins ask: grant type in the query, Basic credentials and the API key.
      await fetch(`${baseUrl}/oauth/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: { authorization: basic, 'x-api-key': merchant.api_key },
      })
    : await fetch(`${baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
  expect(response.status).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}

async function vault(number: string, cvv: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/v2/vault/cards', {
    apiKey: merchant.publishable_key,
    body: {
      number,
      expiry_month: '12',
      expiry_year: '31',
      cvv,
      holder_name: `${customer.first_name} ${customer.last_name}`,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.vault_form_token;
}

/** The whole journey; what it must never leave in clear is added to `secrets` as it appears. */
async function journey(): Promise<void> {
  const token = await accessToken();
  const pluginToken = await accessToken(true);
  secrets.push({ label: 'access token', value: token }, { label: 'access token (v1 plugin)', value: pluginToken });
  const wallet = (method: string, path: string, body?: unknown) =>
    call(baseUrl, method, path, {
      apiKey: merchant.api_key,
      headers: { 'x-merchant-id': merchant.merchant_id },
      ...(body !== undefined ? { body } : {}),
    });

  // A v2 client session with the customer, the order and its billing address, told by webhook.
  const reference = `scan-${unique()}`;
  const session = await call(baseUrl, 'POST', '/v2/client-sessions', {
    token,
    body: sessionApplication(merchant.entity_id, {
      amount: 4200,
      customer,
      allow_future_usage: true,
      order: {
        reference,
        net_amount: 4200,
        billing_address: { address_lines: [street], city: 'Lyon', postal_code: '69002', country_code: 'FR' },
      },
      webhook: { url: hookUrl },
    }),
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  const sessionId: string = session.body.id;
  expect((await call(baseUrl, 'GET', `/v2/client-sessions/${sessionId}`, { token })).body.customer.email).toBe(
    customer.email,
  );

  // The shopper opens the page, types a card, pays.
  const browser = { apiKey: merchant.publishable_key };
  expect((await call(baseUrl, 'GET', `/checkout/v1/sessions/${sessionId}`, browser)).status).toBe(200);
  const card = await vault('4242424242424242', CVV_VISA);
  const submitted = await call(baseUrl, 'POST', `/checkout/v1/sessions/${sessionId}/payments`, {
    ...browser,
    body: { split: [{ amount: 4200, partner: 'sandbox-card', method: 'creditcard', vault_form_token: card }] },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  const paymentId: string = submitted.body.payment.id;
  expect(submitted.body.payment.authorization.status).toBe('AUTHORIZED');

  // The merchant captures part and refunds part of it.
  const capture = await call(baseUrl, 'POST', `/v2/payments/${paymentId}/captures`, { token, body: { amount: 3000 } });
  expect(capture.status, JSON.stringify(capture.body)).toBe(201);
  const refund = await call(baseUrl, 'POST', `/v2/payments/${paymentId}/refunds`, { token, body: { amount: 1000 } });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  const read = await call(baseUrl, 'GET', `/v2/payments/${paymentId}`, { token });
  expect(read.body.customer?.email ?? customer.email).toBe(customer.email);

  // The card was saved to the customer's wallet (allow_future_usage, customer.reference); the
  // merchant saves a token of its own too.
  const walletSession = await wallet('POST', '/wallet/v2/session', { owner_reference: customer.reference });
  expect(walletSession.status, JSON.stringify(walletSession.body)).toBe(201);
  const tokensPath = `/wallet/v2/${customer.reference}/sessions/${walletSession.body.session_id}/tokens`;
  const added = await wallet('POST', tokensPath, {
    token: merchantTokenValue,
    expiration_date: '2031-12-31',
    description: { brand_name: 'SANDBOX WALLET', display_token: 'wallet agreement' },
    payment_id: { partner: 'sandbox-wallet', method: 'wallet' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const revealed = await eventually(
    async () => {
      const list = await wallet('GET', `${tokensPath}?vault=true`);
      return list.body.length >= 2 ? (list.body as { value: string }[]) : undefined;
    },
    { what: 'the card saved to the wallet', timeoutMs: 30_000 },
  );
  for (const saved of revealed) secrets.push({ label: 'wallet token value', value: saved.value });

  // The merchant's webhook got the session's and the payment's events, signed.
  await eventually(
    async () => {
      const events = hook.received.filter((delivery) => JSON.stringify(delivery.json).includes(paymentId));
      return events.some((delivery) => JSON.stringify(delivery.json).includes('"total_refunded":1000'))
        ? events
        : undefined;
    },
    { what: 'the webhooks of the payment', timeoutMs: 30_000 },
  );

  // A v1 plugin's session, its customer's email in the billing address, paid, and its notification.
  const v1Session = await call(baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, {
    token: pluginToken,
    body: {
      hook: hookUrl,
      amount: '19.9900',
      order: {
        reference: `v1-${unique()}`,
        redirection: 'https://shop.example/order-confirmation',
        currency_code: 'EUR',
        customer: {
          reference: `V1-CUST-${unique()}`,
          first_name: 'Jeanne',
          last_name: customer.last_name,
          billing_address: { email: v1Email, country_code: 'FR', city: 'Paris', address_lines: [street] },
        },
      },
    },
  });
  expect(v1Session.status, JSON.stringify(v1Session.body)).toBe(201);
  const validated = await call(baseUrl, 'POST', `/${merchant.entity_id}/sessions/${v1Session.body.id}/validate`, {
    apiKey: merchant.publishable_key,
    body: [
      {
        partner: 'sandbox-card',
        method: 'creditcard',
        amount: '19.99',
        payment_data: { token: await vault('5555555555554444', CVV_MASTERCARD) },
      },
    ],
  });
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  expect(validated.body.global_status).toBe('SUCCESS');
  await eventually(
    async () => (hook.received.some((delivery) => delivery.json.session_id === v1Session.body.id) ? true : undefined),
    { what: 'the v1 notification', timeoutMs: 30_000 },
  );

  // A wallet payment whose partner gives a reusable token, approved by the shopper at the partner.
  const walletPayment = await call(baseUrl, 'POST', '/v2/payments', {
    token,
    body: {
      entity_id: merchant.entity_id,
      amount: 1500,
      currency: 'EUR',
      order: { reference: `wallet-${unique()}` },
      customer,
      allow_future_usage: true,
      shopper_redirection_url: 'https://shop.example/back',
      new_authorization_candidates: [{ amount: 1500, partner: 'sandbox-wallet', method: 'wallet' }],
    },
  });
  expect(walletPayment.status, JSON.stringify(walletPayment.body)).toBe(201);
  await completeShopperPage(walletPayment.body.redirection.href, 'approve');
  const approved = await eventually(
    async () => {
      const answer = await call(baseUrl, 'GET', `/v2/payments/${walletPayment.body.id}`, { token });
      return answer.body.authorization?.status === 'AUTHORIZED' ? answer.body : undefined;
    },
    { what: 'the wallet payment approved', timeoutMs: 30_000 },
  );
  const partnerToken: string | undefined = approved.authorization.partner_transactions[0].partner_token;
  expect(partnerToken).toBeTruthy();
  secrets.push({ label: 'wallet partner token', value: partnerToken! });
}

interface Scanned {
  logLines: Record<string, number>;
  tables: number;
  rows: number;
  workflows: number;
  payloads: { sealed: number; clearByDesign: number; clear: number };
}

async function scanDatabase(scanner: SecretScanner, scanned: Scanned): Promise<void> {
  const tables = await sql<{ schema: string; name: string }[]>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;
  for (const { schema, name } of tables) {
    scanned.tables += 1;
    const rows = await sql.unsafe<{ row: string }[]>(`select row_to_json(t)::text as row from "${schema}"."${name}" t`);
    for (const [index, { row }] of rows.entries()) {
      scanned.rows += 1;
      const where = `database ${schema}.${name} row ${index + 1}`;
      // Publishable keys are public by design (the browser gets them in widget.data).
      scanner.scan(where, row.replaceAll(merchant.publishable_key, 'pk_[public]'));
      // Binary columns come as \x… hex: read what they hold, too.
      for (const [, hex] of row.matchAll(/\\\\x([0-9a-f]+)/g))
        scanner.scan(`${where} (bytes)`, Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
}

async function scanHistories(scanner: SecretScanner, scanned: Scanned): Promise<void> {
  // A client with the codec lists the workflows; their histories are read as stored, undecoded.
  const temporal = await connectClient({
    temporalAddress,
    temporalNamespace: 'default',
    encryptionKey,
    payloadDecryptionKeys: [],
  });
  try {
    for await (const workflow of temporal.workflow.list({ query: `TaskQueue = '${taskQueue}'` })) {
      scanned.workflows += 1;
      const history = await temporal.workflow.getHandle(workflow.workflowId, workflow.runId).fetchHistory();
      const where = `history of ${workflow.workflowId}`;
      scanner.scan(where, historyToJSON(history));
      for (const { path, payload, clearByDesign } of payloadsOf(history)) {
        if (isEncryptedPayload(payload)) scanned.payloads.sealed += 1;
        else if (clearByDesign) scanned.payloads.clearByDesign += 1;
        else scanned.payloads.clear += 1;
        const text = [
          ...Object.values(payload.metadata ?? {}).map((value) => Buffer.from(value).toString('latin1')),
          Buffer.from(payload.data ?? new Uint8Array()).toString('latin1'),
        ].join(' ');
        scanner.scan(`${where} ${path}`, text);
      }
    }
  } finally {
    await temporal.connection.close();
  }
}

describe('the scanner', () => {
  it('knows a card number from a clock, a digest or an id', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    const text = `{"time":${Date.now()},"card":"4242 4242 4242 4242","amex":"3782-822463-10005","hex":"ab4242424242424242cd","ms":21.4242424242424242,"n":5555555555554444}`;
    expect(cardNumbersIn(text).map((card) => card.digits)).toEqual([
      '4242424242424242',
      '378282246310005',
      '5555555555554444',
    ]);
  });

  it('finds CVVs where a CVV is written, encoded secrets, and masks what it finds', () => {
    const scanner = new SecretScanner([{ label: 'client secret', value: 'sk_live_abcdefghijkl' }], ['123']);
    scanner.scan('a', '{"cvv":"123","amount":123,"port":4123}');
    scanner.scan('b', `authorization: Basic ${Buffer.from('sk_live_abcdefghijkl').toString('base64')}`);
    scanner.scan('c', 'elapsed 123 ms, 10 items');
    expect(scanner.findings.map((finding) => [finding.where, finding.what])).toEqual([
      ['a', 'CVV •••'],
      ['a', 'CVV •••'],
      ['b', 'client secret (encoded)'],
    ]);
    expect(scanner.findings.map((finding) => finding.excerpt).join()).not.toContain('sk_live_abcdefghijkl');
  });
});

describe('a full journey leaves no secret or personal data in clear', () => {
  it('in any log line, database row or stored workflow history', { timeout: 300_000 }, async () => {
    await journey();
    // The processes finish what they were doing and write their last lines.
    for (const service of processes) await service.stop();

    const scanner = new SecretScanner(secrets, [CVV_VISA, CVV_MASTERCARD]);
    const scanned: Scanned = {
      logLines: {},
      tables: 0,
      rows: 0,
      workflows: 0,
      payloads: { sealed: 0, clearByDesign: 0, clear: 0 },
    };
    // Publishable keys are public (widget.data gives them to browsers), but a log has no use for one.
    const logScanner = new SecretScanner(
      [...secrets, { label: 'publishable key', value: merchant.publishable_key }],
      [CVV_VISA, CVV_MASTERCARD],
    );
    for (const service of processes) {
      scanned.logLines[service.name] = service.lines.length;
      service.lines.forEach((line, index) => logScanner.scan(`${service.name} log line ${index + 1}`, line));
    }
    scanner.findings.push(...logScanner.findings);
    await scanDatabase(scanner, scanned);
    await scanHistories(scanner, scanned);

    console.log(
      [
        'secrets scan:',
        `  log lines: ${Object.entries(scanned.logLines)
          .map(([name, count]) => `${name} ${count}`)
          .join(', ')}`,
        `  database: ${scanned.rows} rows in ${scanned.tables} tables`,
        `  Temporal: ${scanned.workflows} workflow histories, ${scanned.payloads.sealed} payloads sealed, ` +
          `${scanned.payloads.clearByDesign} in clear by design (search attributes, SDK markers), ${scanned.payloads.clear} other in clear`,
        `  looked for: card numbers (Luhn), the CVVs typed (${[CVV_VISA, CVV_MASTERCARD].length}), ${[...new Set(secrets.map((s) => s.label))].join(', ')}`,
        `  found in clear: ${scanner.findings.length}`,
        ...scanner.findings
          .slice(0, 40)
          .map((finding) => `    ${finding.what} in ${finding.where}: ${finding.excerpt}`),
      ].join('\n'),
    );
    // The journey happened: every source had something to scan.
    for (const count of Object.values(scanned.logLines)) expect(count).toBeGreaterThan(0);
    expect(scanned.rows).toBeGreaterThan(20);
    expect(scanned.workflows).toBeGreaterThanOrEqual(5);
    expect(scanned.payloads.sealed).toBeGreaterThan(50);
    expect(scanned.payloads.clear).toBe(0);
    expect(scanner.findings).toEqual([]);
  });
});
