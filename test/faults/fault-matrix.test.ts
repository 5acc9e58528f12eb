// The fault matrix as CI runs it (`npm test`): the same scenarios as `npm run test:faults`, one
// test per scenario so that each failure shows by name, on one stack started for this file.
// The table is printed at the end; a failing scenario prints what its reconciliation found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultStack, type FaultStack } from './fault-stack';
import { CI_SIZE, formatTable, rowPassed, runScenario, type MatrixRow } from './matrix';
import { SCENARIOS } from './scenarios';

const say = (line: string) => console.log(`[faults] ${line}`);
let stack: FaultStack;
const rows: MatrixRow[] = [];
const known = new Set<string>();

beforeAll(async () => {
  stack = await startFaultStack({ say });
}, 600_000);

afterAll(async () => {
  if (rows.length > 0) console.log(`\n${formatTable(rows)}\n`);
  const failed = rows.some((row) => !rowPassed(row)) || rows.length < SCENARIOS.length;
  await stack?.stop({ keepLogs: failed });
  if (failed && stack) say(`logs kept in ${stack.runDir}`);
}, 120_000);

describe('fault matrix: every fault converges with nothing lost, doubled, stuck or untold', () => {
  for (const scenario of SCENARIOS) {
    it(
      scenario.name,
      async () => {
        const row = await runScenario(stack, scenario, CI_SIZE, known, say);
        rows.push(row);
        const { lost, doubled, stuck, webhooksMissing, serverErrors, details } = row;
        expect({ lost, doubled, stuck, webhooksMissing, serverErrors, details }).toEqual({
          lost: 0,
          doubled: 0,
          stuck: 0,
          webhooksMissing: 0,
          serverErrors: 0,
          details: [],
        });
        expect(row.convergedMs, `converged within ${row.convergeBoundMs / 1000} s`).toBeDefined();
        expect(rowPassed(row)).toBe(true);
      },
      900_000,
    );
  }
});
