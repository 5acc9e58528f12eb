// The fault matrix: one stack, the scenarios one after another (each with its own merchant), and
// for each the payments driven while its fault is injected, then convergence measured by
// reconciling until everything agrees (or a bound passes), and one row of the table.
import { drive, plan, type Merchant, type Tracked } from './lifecycles';
import { reconcile, type Findings } from './reconciliation';
import { unreplayable } from './replay-check';
import { SCENARIOS, sleep, type MatrixSize, type Scenario } from './scenarios';
import type { FaultStack } from './fault-stack';
import type { ServiceProcess } from '../support/service-process';

export interface MatrixRow {
  scenario: string;
  payments: number;
  faultsInjected: number;
  lost: number;
  doubled: number;
  stuck: number;
  webhooksMissing: number;
  /** From the last fault healed to everything reconciled; undefined when it never converged. */
  convergedMs: number | undefined;
  /** The bound on convergence. */
  convergeBoundMs: number;
  /** Workflows whose history does not replay: such a row never converges, whatever the wait. */
  unreplayable: number;
  /** Answers 500 the clients got (a 503 with Retry-After is the answer for "try again"). */
  serverErrors: number;
  /** Calls the clients repeated (no answer, 503), for the log. */
  retries: number;
  /** Payments under way when at least one fault landed: a fault that hit none proves nothing. */
  paymentsHit: number;
  details: string[];
}

export const CI_SIZE: MatrixSize = { soak: false, payments: 16, concurrency: 8 };
export const SOAK_SIZE: MatrixSize = { soak: true, payments: 80, concurrency: 20 };

const ATTEMPT_TIMEOUT_MS = 15_000;

/**
 * A row is green when every count is zero, it converged in time, no client got a 500, and its
 * fault was injected at least once (the control row injects none).
 */
export function rowPassed(row: MatrixRow): boolean {
  const injectedAsPlanned = row.scenario.startsWith('none')
    ? row.faultsInjected === 0
    : row.faultsInjected > 0 && row.paymentsHit > 0;
  return (
    row.lost === 0 &&
    row.doubled === 0 &&
    row.stuck === 0 &&
    row.webhooksMissing === 0 &&
    row.serverErrors === 0 &&
    row.convergedMs !== undefined &&
    injectedAsPlanned
  );
}

export async function runScenario(
  stack: FaultStack,
  scenario: Scenario,
  size: MatrixSize,
  knownPaymentIds: Set<string>,
  say: (line: string) => void,
): Promise<MatrixRow> {
  await stack.healthy(120_000);
  const merchant: Merchant = await stack.createMerchant(`Fault matrix: ${scenario.name}`);
  const since = Date.now();
  const linesBefore = new Map(stack.processes().map((service) => [service, service.lines.length]));
  const receivedBefore = stack.webhooks.received.length;
  const invalidBefore = stack.webhooks.invalidSignatures;
  const convergeBoundMs = size.soak ? 600_000 : 180_000;
  const startWindowMs = scenario.startWindowMs(size);
  const count = scenario.payments?.(size) ?? size.payments;
  const payments: Tracked[] = Array.from({ length: count }, (_, index) =>
    plan(index, scenario.name.replace(/\W+/g, '-')),
  );
  // Clients give up on a lifecycle only well after the fault has healed and the bound has passed.
  const driveDeadline = Date.now() + startWindowMs + 120_000 + convergeBoundMs;

  const underWay = new Set<Tracked>();
  let driversDone = false;
  const context = {
    stack,
    size,
    active: () => underWay.size,
    driversDone: () => driversDone,
    hit: () => {
      for (const p of underWay) p.faultsLived += 1;
    },
    say,
  };
  say(`${scenario.name}: ${count} payments over ${Math.round(startWindowMs / 1000)} s while ${scenario.fault}`);
  const injecting = scenario.inject(context);
  // Payments start spread over the window, at most `concurrency` under way at once.
  let next = 0;
  const started = Date.now();
  const drivers = Promise.all(
    Array.from({ length: size.concurrency }, async () => {
      while (next < payments.length) {
        const p = payments[next++]!;
        const startAt = started + (p.index * startWindowMs) / payments.length;
        if (Date.now() < startAt) await sleep(startAt - Date.now());
        underWay.add(p);
        try {
          await drive(p, {
            baseUrl: stack.apiUrl,
            merchant,
            webhookUrl: stack.webhooks.url,
            attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
            deadline: driveDeadline,
          });
        } finally {
          underWay.delete(p);
          if (p.paymentId) knownPaymentIds.add(p.paymentId);
        }
      }
    }),
  ).then(() => {
    driversDone = true;
  });
  const faultsInjected = await injecting;
  const healedAt = Date.now();
  say(`${scenario.name}: ${faultsInjected} fault(s) injected and healed; converging...`);

  // Convergence: reconcile until everything agrees, within the bound.
  let findings: Findings | undefined;
  let convergedMs: number | undefined;
  let notReplaying = 0;
  const deadline = healedAt + convergeBoundMs;
  for (let round = 0; round < 1_000; round += 1) {
    if (driversDone) {
      findings = await reconcile({
        baseUrl: stack.apiUrl,
        sandboxUrl: stack.sandboxUrl,
        merchant,
        payments,
        knownPaymentIds,
        since,
        received: stack.webhooks.received.slice(receivedBefore),
        invalidSignatures: stack.webhooks.invalidSignatures - invalidBefore,
        sql: stack.sql,
      });
      const clean = findings.lost + findings.doubled + findings.stuck + findings.webhooksMissing === 0;
      if (clean) {
        convergedMs = Date.now() - healedAt;
        // Last, once everything agrees: every workflow must still replay (a history that does not
        // is stuck for good, however it reads today), so waiting longer would change nothing.
        const workflowIds = payments.flatMap((p) => [
          ...(p.paymentId ? [`payment/${p.paymentId}`] : []),
          ...(p.sessionId ? [`client-session/${p.sessionId}`] : []),
        ]);
        const broken = await unreplayable(
          await stack.temporalClient(),
          workflowIds,
          stack.workflowBundlePath,
          stack.dataConverter,
        );
        if (broken.length > 0) {
          convergedMs = undefined;
          notReplaying = broken.length;
          findings.stuck += broken.length;
          findings.details.push(...broken.map((b) => `stuck: ${b.workflowId} does not replay: ${b.error}`));
        }
        break;
      }
    }
    if (Date.now() > deadline) break;
    await sleep(2_000);
  }
  await drivers;
  const unexpectedExits = stack.processes().flatMap((service) => service.unexpectedExits.splice(0));
  const serverErrors = payments.flatMap((p) => p.serverErrors);
  const details = [
    ...(findings?.details ?? ['the payments never finished']),
    ...unexpectedExits.map((e) => `crash: ${e}`),
    ...serverErrors.slice(0, 10).map((e) => `server error: ${e}`),
    ...(scenario.name.startsWith('none') || payments.some((p) => p.faultsLived > 0)
      ? []
      : ['no fault landed while a payment was under way']),
  ];
  const row: MatrixRow = {
    scenario: scenario.name,
    payments: payments.length,
    faultsInjected,
    lost: findings?.lost ?? payments.length,
    doubled: findings?.doubled ?? 0,
    stuck: (findings?.stuck ?? 0) + unexpectedExits.length,
    webhooksMissing: findings?.webhooksMissing ?? 0,
    convergedMs: unexpectedExits.length > 0 ? undefined : convergedMs,
    convergeBoundMs,
    unreplayable: notReplaying,
    serverErrors: serverErrors.length,
    retries: payments.reduce((n, p) => n + p.retries, 0),
    paymentsHit: payments.filter((p) => p.faultsLived > 0).length,
    details: [],
  };
  if (!rowPassed(row)) row.details = [...details, ...warningsSince(linesBefore)];
  say(
    `${scenario.name}: ${rowPassed(row) ? 'converged' : 'FAILED'} (${convergedMs === undefined ? 'no convergence' : `${(convergedMs / 1000).toFixed(1)} s`}; ${row.paymentsHit} of ${row.payments} payments lived through a fault; calls retried ${row.retries}; server errors ${row.serverErrors})`,
  );
  return row;
}

export function scenariosNamed(names: readonly string[] | undefined): Scenario[] {
  if (!names || names.length === 0) return SCENARIOS;
  const chosen = SCENARIOS.filter((scenario) => names.some((name) => scenario.name.startsWith(name)));
  if (chosen.length === 0)
    throw new Error(`no scenario named ${names.join(', ')}: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  return chosen;
}

/** The table, as printed by `npm run test:faults` and shown in the README and the docs. */
export function formatTable(rows: readonly MatrixRow[]): string {
  const header = [
    'scenario',
    'payments',
    'faults injected',
    'lost',
    'doubled',
    'stuck',
    'webhooks missing',
    'time to converge',
  ];
  const lines = rows.map((row) => [
    row.scenario,
    String(row.payments),
    String(row.faultsInjected),
    String(row.lost),
    String(row.doubled),
    String(row.stuck),
    String(row.webhooksMissing),
    row.convergedMs === undefined
      ? `> ${Math.round(row.convergeBoundMs / 1000)} s`
      : `${(row.convergedMs / 1000).toFixed(1)} s`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

/**
 * What the processes logged at warn level or above while the scenario ran (its last lines each):
 * a failed row carries them, since CI keeps its output and not the run's log folder.
 */
function warningsSince(linesBefore: ReadonlyMap<ServiceProcess, number>, perProcess = 10): string[] {
  return [...linesBefore].flatMap(([service, before]) =>
    service.lines
      .slice(before)
      .filter((line) => {
        const level = /"level":(\d+)/.exec(line)?.[1];
        return level !== undefined && Number(level) >= 40;
      })
      .slice(-perProcess)
      .map((line) => `log: ${service.name}: ${line.slice(0, 400)}`),
  );
}
