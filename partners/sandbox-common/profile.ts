// What the four sandbox partners declare alike: they are one network, with one set of operations
// and one way of signing notifications (partners/sandbox-network).
import type { PartnerCapabilities, PartnerProfile, TestDataTable } from '../profile';
import type { SandboxPartnerName } from '../catalog';
import { SETTLEMENT_FEES } from '../sandbox-network/test-data.js';

/** The network's operations: captures, voids and refunds in several parts; status reads. */
export const SANDBOX_OPERATIONS = {
  partialCapture: true,
  multipleCaptures: true,
  partialVoid: true,
  multipleRefunds: true,
  statusPolling: true,
} as const satisfies Partial<PartnerCapabilities>;

export function sandboxNotifications(partner: SandboxPartnerName): NonNullable<PartnerProfile['notifications']> {
  return {
    endpoint: `/partners/${partner}/notifications`,
    verification:
      '`x-sandbox-signature`: HMAC-SHA256 of `<timestamp>.<body>` with the network’s notification secret, at most 300 seconds old',
  };
}

/** What the partner keeps of each line it settles (partners/sandbox-network/engine/settlements.ts). */
export function sandboxSettlementFees(partner: SandboxPartnerName): TestDataTable {
  const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;
  return {
    title: 'Settlement fees',
    intro:
      'The partner settles once a day at midnight UTC (or on demand: `POST /admin/settlements` of the sandbox network) and keeps a fee on each line, in minor units of its currency; a percentage is of the line’s amount, rounded half up. Where they show: [settlements](/docs/integrate/purse-reports/settlements-chargebacks#settlements).',
    columns: ['Line', 'Fee'],
    rows: Object.entries(SETTLEMENT_FEES[partner]).map(([type, rule]) => [
      `\`${type}\``,
      rule.basisPoints === 0 ? `${rule.fixed}` : `${rule.fixed} + ${percent(rule.basisPoints)}`,
    ]),
  };
}
