// `npm run test:faults [-- --soak] [-- --only "api killed,worker"] [-- --keep-logs]`: the fault
// matrix on its own stack. Prints one row per scenario and exits non-zero when any row has a
// lost, doubled or stuck payment, a missing webhook, or did not converge in time. CI runs the
// same matrix as the Vitest project `faults` (test/faults/fault-matrix.test.ts).
import { parseArgs } from 'node:util';
import { startFaultStack } from './fault-stack';
import { CI_SIZE, formatTable, rowPassed, runScenario, scenariosNamed, SOAK_SIZE, type MatrixRow } from './matrix';

const { values } = parseArgs({
  options: {
    soak: { type: 'boolean', default: false },
    only: { type: 'string' },
    'keep-logs': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run test:faults -- [--soak] [--only "<scenario>,<scenario>"] [--keep-logs]
  --soak       ${SOAK_SIZE.payments} payments per scenario (${CI_SIZE.payments} otherwise), more and longer faults
  --only       scenarios whose names start with these (comma-separated)
  --keep-logs  keep the processes' logs (.data/faults/run-…) even when everything passed`);
  process.exit(0);
}

const size = values.soak ? SOAK_SIZE : CI_SIZE;
const scenarios = scenariosNamed(values.only?.split(',').map((name) => name.trim()));
const say = (line: string) => console.log(`[faults] ${line}`);
const started = Date.now();
const stack = await startFaultStack({ say });
const rows: MatrixRow[] = [];
const known = new Set<string>();
try {
  for (const scenario of scenarios) rows.push(await runScenario(stack, scenario, size, known, say));
} finally {
  const failed = rows.some((row) => !rowPassed(row)) || rows.length < scenarios.length;
  await stack.stop({ keepLogs: failed || values['keep-logs'] });
  if (failed || values['keep-logs']) say(`logs kept in ${stack.runDir}`);
}
console.log(`\n${formatTable(rows)}\n`);
for (const row of rows.filter((r) => r.details.length > 0))
  console.log(`${row.scenario}:\n${row.details.map((line) => `  ${line}`).join('\n')}`);
const failed = rows.filter((row) => !rowPassed(row));
console.log(
  `fault matrix: ${rows.length - failed.length} of ${rows.length} scenarios green in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed.length > 0 ? 1 : 0);
