// After a scenario, payment by payment: the partner's books (the sandbox ledger), the API's view
// (GET /v2/payments/{id}, through the workflow), the read model (the same read with max-age, from
// the projection) and the webhooks the merchant received must tell one story, and it must be the
// one the client was told. Each disagreement is counted in one column and described.
import type { Sql } from '../../db/connection';
import type { LedgerEntry } from '../../partners/sandbox-network/schemas';
import type { ReceivedEvent } from '../support/merchant-webhook-endpoint';
import type { Answer, Merchant, Tracked } from './lifecycles';

export interface Findings {
  /** Payments (or partner effects of unknown payments) lost: told to exist, or holding money, but not found. */
  lost: number;
  /** Payments with an effect at the partner twice, or more money moved than asked. */
  doubled: number;
  /** Payments not in the final state their lifecycle ends in (or with a read model behind). */
  stuck: number;
  /** Webhook events never received (with a valid signature). */
  webhooksMissing: number;
  /** One line per problem, for the report. */
  details: string[];
}

export interface ReconciliationInput {
  baseUrl: string;
  sandboxUrl: string;
  merchant: Merchant;
  payments: readonly Tracked[];
  /** Every payment id any scenario made: a ledger line of another one is an orphan. */
  knownPaymentIds: ReadonlySet<string>;
  /** Ledger lines at or after this time belong to this scenario. */
  since: number;
  received: readonly ReceivedEvent[];
  invalidSignatures: number;
  /** Tessera's database, read directly: a card's CVV must be erased once a payment used it. */
  sql: Sql;
}

const FINAL_OPERATION = new Set(['SUCCESS', 'FAILURE']);

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch (error) {
    return { status: 0, body: undefined, error: String(error) };
  }
}

const paymentIdOfKey = (key: string | null) => (key ? /^payment\/([0-9a-f-]{36})\//.exec(key)?.[1] : undefined);

function sum(entries: readonly LedgerEntry[], type: LedgerEntry['type']): number {
  return entries
    .filter((e) => e.type === type && e.status === 'SUCCESS')
    .reduce((total, e) => total + e.processed_amount, 0);
}

export async function reconcile(input: ReconciliationInput): Promise<Findings> {
  const findings: Findings = { lost: 0, doubled: 0, stuck: 0, webhooksMissing: 0, details: [] };
  // Payments are counted once per column, whatever the number of problems; webhooks one by one.
  const flagged = new Set<string>();
  let subject = '';
  const note = (column: 'lost' | 'doubled' | 'stuck' | 'webhooksMissing', what: string, events = 1) => {
    if (column === 'webhooksMissing') findings.webhooksMissing += events;
    else if (!flagged.has(`${column} ${subject}`)) {
      flagged.add(`${column} ${subject}`);
      findings[column] += 1;
    }
    if (findings.details.length < 40) findings.details.push(`${column}: ${what}`);
  };
  const auth = { authorization: `Bearer ${input.merchant.token}` };

  const ledgerAnswer = await get(`${input.sandboxUrl}/ledger`);
  if (ledgerAnswer.status !== 200) {
    note('stuck', `the partner ledger cannot be read (${ledgerAnswer.status} ${ledgerAnswer.error ?? ''})`);
    return findings;
  }
  const ledger: LedgerEntry[] = ledgerAnswer.body.entries;
  const byPayment = new Map<string, LedgerEntry[]>();
  for (const entry of ledger) {
    const id = paymentIdOfKey(entry.idempotency_key);
    if (!id) continue;
    byPayment.set(id, [...(byPayment.get(id) ?? []), entry]);
    // Money the partner holds for a payment nobody knows of.
    if (!input.knownPaymentIds.has(id) && Date.parse(entry.at) >= input.since) {
      subject = id;
      note('lost', `partner ${entry.type} ${entry.partner_reference} for unknown payment ${id}`);
    }
  }

  // Events by resource, valid signatures only (the endpoint refuses the others).
  const events = new Map<string, ReceivedEvent[]>();
  for (const received of input.received) {
    const id = received.event.resource.id;
    events.set(id, [...(events.get(id) ?? []), received]);
  }
  if (input.invalidSignatures > 0)
    note(
      'webhooksMissing',
      `${input.invalidSignatures} deliveries with a signature that does not verify`,
      input.invalidSignatures,
    );

  for (const p of input.payments) {
    subject = `payment ${p.index}`;
    const label = `#${p.index} ${p.kind}${p.paymentId ? ` ${p.paymentId}` : ''}`;
    if (!p.paymentId) {
      note(
        'lost',
        `${label}: the client never learned its payment (${p.error ?? 'no error'}; ${p.calls.slice(-4).join(', ')})`,
      );
      continue;
    }
    const fresh = await get(`${input.baseUrl}/v2/payments/${p.paymentId}`, auth);
    if (fresh.status === 404) {
      // Which side forgot it: the workflow (the read model still has it) or both.
      const copy = await get(`${input.baseUrl}/v2/payments/${p.paymentId}`, {
        ...auth,
        'cache-control': 'max-age=86400',
      });
      note(
        'lost',
        `${label}: the API does not know it (${JSON.stringify(fresh.body)?.slice(0, 200)}; read model: ${copy.status}${copy.status === 200 ? ` version ${copy.body.version}` : ''}; client: ${p.error ?? 'no error'}; ${p.calls.slice(-6).join(', ')})`,
      );
      continue;
    }
    if (fresh.status !== 200) {
      note(
        'stuck',
        `${label}: the API answers ${fresh.status} ${fresh.error ?? JSON.stringify(fresh.body)?.slice(0, 200)}`,
      );
      continue;
    }
    const view = fresh.body;
    const mine = byPayment.get(p.paymentId) ?? [];
    const references = new Set(mine.map((e) => e.partner_reference));
    const legReferences = new Set<string>(
      view.authorization.partner_transactions.map((tx: any) => tx.partner_reference).filter(Boolean),
    );
    // Later lines of the payment's authorizations carry no key (a settled timeout, a 3DS result).
    const lines = ledger.filter(
      (e) => references.has(e.partner_reference) || legReferences.has(e.authorization_reference),
    );

    // ---- doubled: one effect per key, one authorization per leg, no more money than asked ----
    const perKey = new Map<string, number>();
    for (const e of lines)
      if (e.idempotency_key) perKey.set(e.idempotency_key, (perKey.get(e.idempotency_key) ?? 0) + 1);
    for (const [key, count] of perKey)
      if (count > 1) note('doubled', `${label}: ${count} partner effects for key ${key}`);
    const authorizations = lines.filter((e) => e.type === 'AUTHORIZE' && e.status !== 'REFUSED');
    if (authorizations.length > p.expected.legs)
      note('doubled', `${label}: ${authorizations.length} authorizations at the partner for ${p.expected.legs} leg(s)`);
    const atPartner = { captured: sum(lines, 'CAPTURE'), refunded: sum(lines, 'REFUND'), voided: sum(lines, 'VOID') };
    const inApi = {
      captured: view.amounts.total_captured,
      refunded: view.amounts.total_refunded,
      voided: view.amounts.total_voided,
    };
    for (const what of ['captured', 'refunded', 'voided'] as const) {
      if (atPartner[what] > p.expected[what] || atPartner[what] > inApi[what])
        note(
          'doubled',
          `${label}: ${atPartner[what]} ${what} at the partner, ${inApi[what]} in the API, ${p.expected[what]} asked`,
        );
      else if (atPartner[what] < inApi[what])
        note('lost', `${label}: the API says ${inApi[what]} ${what}, the partner ${atPartner[what]}`);
    }
    for (const [kind, list] of [
      ['captures', view.captures],
      ['refunds', view.refunds],
      ['voids', view.voids],
    ] as const) {
      if (list.length > p.expected[kind])
        note('doubled', `${label}: ${list.length} ${kind} in the API, ${p.expected[kind]} asked`);
    }

    // ---- lost: what the client was told exists must exist, at the partner too ----
    for (const ack of p.acknowledged) {
      const list = { capture: view.captures, refund: view.refunds, void: view.voids }[ack.kind];
      if (list.length === 0) note('lost', `${label}: a ${ack.kind} answered ${ack.status} is not in the API`);
    }
    for (const tx of view.authorization.partner_transactions) {
      if (tx.partner_reference && !lines.some((e) => e.partner_reference === tx.partner_reference))
        note('lost', `${label}: leg ${tx.id} names ${tx.partner_reference}, unknown to the partner`);
    }
    for (const operation of [...view.captures, ...view.refunds, ...view.voids])
      for (const tx of operation.partner_transactions)
        if (tx.status === 'SUCCESS' && !lines.some((e) => e.partner_reference === tx.partner_reference))
          note('lost', `${label}: operation part ${tx.id} SUCCESS in the API, unknown to the partner`);

    // ---- stuck: not where the lifecycle ends, or a read model behind ----
    const expected = p.expected;
    const problems: string[] = [];
    if (view.authorization.status !== expected.authorization)
      problems.push(`authorization ${view.authorization.status}`);
    for (const tx of view.authorization.partner_transactions)
      if (tx.status !== 'AUTHORIZED') problems.push(`leg ${tx.partner} ${tx.status}`);
    for (const operation of [...view.captures, ...view.refunds, ...view.voids]) {
      if (!FINAL_OPERATION.has(operation.status)) problems.push(`operation ${operation.id} ${operation.status}`);
      for (const tx of operation.partner_transactions)
        if (!FINAL_OPERATION.has(tx.status)) problems.push(`operation part ${tx.id} ${tx.status}`);
    }
    for (const what of ['captured', 'refunded', 'voided'] as const)
      if (inApi[what] !== expected[what]) problems.push(`${inApi[what]} ${what} (expected ${expected[what]})`);
    if (p.error) problems.push(`client: ${p.error}`);
    const cached = await get(`${input.baseUrl}/v2/payments/${p.paymentId}`, {
      ...auth,
      'cache-control': 'max-age=86400',
    });
    if (cached.status !== 200) problems.push(`read model answers ${cached.status}`);
    else if (cached.body.version !== view.version)
      problems.push(`read model at version ${cached.body.version}, the payment at ${view.version}`);
    if (problems.length > 0) note('stuck', `${label}: ${problems.join('; ')}`);

    // ---- webhooks: every version of the payment, and the final state of each part ----
    const received = events.get(p.paymentId) ?? [];
    const versions = new Set(
      received.filter((r) => r.event.event_type === 'PAYMENT').map((r) => r.event.resource.version),
    );
    const missingVersions: number[] = [];
    for (let version = 1; version <= view.version; version += 1)
      if (!versions.has(version)) missingVersions.push(version);
    if (missingVersions.length > 0)
      note(
        'webhooksMissing',
        `${label}: PAYMENT events of versions ${missingVersions.join(', ')} never arrived (final ${view.version})`,
      );
    const finalAuthorization = received.some(
      (r) =>
        r.event.event_type === 'AUTHORIZATION' &&
        (r.event.data as any).authorization?.status === view.authorization.status,
    );
    if (!finalAuthorization)
      note('webhooksMissing', `${label}: no AUTHORIZATION event with status ${view.authorization.status}`);
    for (const [eventType, list] of [
      ['CAPTURE', view.captures],
      ['REFUND', view.refunds],
      ['VOID', view.voids],
    ] as const) {
      for (const operation of list) {
        const told = received.some(
          (r) =>
            r.event.event_type === eventType &&
            r.event.related?.operation_id === operation.id &&
            [...((r.event.data as any)[`${eventType.toLowerCase()}s`] ?? [])].some(
              (o: any) => o.id === operation.id && o.status === operation.status,
            ),
        );
        if (!told) note('webhooksMissing', `${label}: no ${eventType} event with ${operation.id} ${operation.status}`);
      }
    }
    if (p.sessionId) {
      const session = await get(`${input.baseUrl}/v2/client-sessions/${p.sessionId}`, auth);
      if (session.status !== 200) note('stuck', `${label}: its session answers ${session.status}`);
      else {
        // The API shows no session version: every version from 2 (1 is the creation, answered to
        // the merchant) to the last one told must have arrived, the last one showing the session
        // as it is now.
        const told = events.get(p.sessionId) ?? [];
        const sessionVersions = new Set(told.map((r) => r.event.resource.version));
        const missing = [];
        for (let version = 2; version <= Math.max(1, ...sessionVersions); version += 1)
          if (!sessionVersions.has(version)) missing.push(version);
        if (missing.length > 0)
          note(
            'webhooksMissing',
            `${label}: session events of versions ${missing.join(', ')} never arrived`,
            missing.length,
          );
        const now = session.body;
        const current = told.some(
          (r) =>
            (r.event.data as any).status === now.status &&
            (r.event.data as any).authorization?.status === now.authorization?.status,
        );
        if (!current)
          note('webhooksMissing', `${label}: no session event shows it ${now.status} / ${now.authorization?.status}`);
      }
    }
  }
  subject = 'vault';
  try {
    const [kept] = await input.sql<{ count: number }[]>`
      select count(*)::int as count from vaulted_cards
      where entity_id = ${input.merchant.entityId} and used_at is not null and cvv_encrypted is not null`;
    if (kept && kept.count > 0) note('stuck', `${kept.count} used card(s) still hold their CVV`);
  } catch (error) {
    note('stuck', `the vault cannot be read: ${String(error)}`);
  }
  return findings;
}
