// The cluster test's table: what was injected, when, and what was found afterwards.
import type { ExitRecord } from '../../scripts/cluster/supervised-process';
import type { Attempt } from './merchant-client';
import type { Order } from './orders';
import type { LedgerFindings, WebhookFindings } from './reconcile';

export interface Injection {
  /** ms since the first order. */
  at: number;
  what: string;
  ordersInFlight: number;
  /** The merchant's requests sent and not answered at that moment. */
  requestsInFlight: number;
  outcome: string;
  /** For graceful stops: the stop's result and its window (ms since the first order). */
  stop?: { code: number | null; signal: NodeJS.Signals | null; ms: number; killed: boolean; from: number; to: number };
}

export interface Report {
  injections: Injection[];
  orders: Order[];
  finals: number;
  driveMs: number;
  ledger: LedgerFindings;
  webhooks: WebhookFindings;
  requests: number;
  failures: Attempt[];
  perApi: Record<string, number>;
  retriedByNginx: number;
  failedDuringDrain: Attempt[];
  unexpectedExits: ExitRecord[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd())
    .join('\n');
}

export function printReport(report: Report): void {
  const kinds = (kind: string) => report.orders.filter((order) => order.kind === kind).length;
  const failuresBy = new Map<string, number>();
  for (const attempt of report.failures) {
    const key =
      attempt.status !== 0
        ? String(attempt.status)
        : attempt.error?.startsWith('TimeoutError')
          ? 'timed out'
          : 'refused or reset';
    failuresBy.set(key, (failuresBy.get(key) ?? 0) + 1);
  }
  const { counts } = report.ledger;
  const count = (kind: keyof typeof counts) => `${counts[kind].found} (${counts[kind].expected} expected)`;
  const problems = [...report.ledger.problems, ...report.webhooks.problems];
  const lines = [
    'cluster test: injected',
    table([
      ['at', 'fault', 'orders / requests in flight', 'outcome'],
      ...report.injections.map((injection) => [
        seconds(injection.at),
        injection.what,
        `${injection.ordersInFlight} / ${injection.requestsInFlight}`,
        injection.outcome,
      ]),
    ]),
    'cluster test: found',
    table([
      ['what', 'found'],
      [
        'orders',
        `${report.orders.length} (checkout ${kinds('checkout')}, automatic capture ${kinds('automatic')}, void ${kinds('void')}), driven in ${seconds(report.driveMs)}; ${report.orders.filter((order) => order.error).length} failed`,
      ],
      [
        'payments final (read through the workflow)',
        `${report.finals} of ${report.orders.filter((o) => o.paymentId).length}`,
      ],
      ['partner ledger: AUTHORIZE', count('authorize')],
      ['partner ledger: CAPTURE', count('capture')],
      ['partner ledger: VOID', count('void')],
      ['partner ledger: REFUND', count('refund')],
      ['effects doubled / lost', `${report.ledger.doubled} / ${report.ledger.lost}`],
      [
        'webhooks',
        `${report.webhooks.events} events, ${report.webhooks.delivered} delivered, ${report.webhooks.attempts} attempts (${report.webhooks.failedAttempts} failed, retried), ${report.webhooks.duplicates} received twice`,
      ],
      [
        'merchant requests through nginx',
        `${report.requests}, ${report.failures.length} failed and retried (${[...failuresBy].map(([status, n]) => `${status}: ${n}`).join(', ') || 'none'})`,
      ],
      [
        'requests per api process (nginx log)',
        Object.entries(report.perApi)
          .map(([name, n]) => `${name} ${n}`)
          .join(', '),
      ],
      ['requests nginx passed to the other api', String(report.retriedByNginx)],
      ['merchant requests refused, reset or 5xx during graceful api stops', String(report.failedDuringDrain.length)],
      [
        'processes that died by themselves',
        report.unexpectedExits.map((exit) => `${exit.name} (${exit.signal ?? exit.code})`).join(', ') || 'none',
      ],
      ['problems', problems.length === 0 ? 'none' : String(problems.length)],
    ]),
    ...problems.slice(0, 20).map((problem) => `  - ${problem}`),
  ];
  console.log(lines.join('\n'));
}
