// `npm run test:faults [-- --soak] [-- --only "api killed,worker"] [-- --keep-logs] [-- --record]`: the fault
// matrix on its own stack. Prints one row per scenario and exits non-zero when any row has a
// lost, doubled or stuck payment, a missing webhook, or did not converge in time. CI runs the
// same matrix as the Vitest project `faults` (test/faults/fault-matrix.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../../platform/config';
import { startFaultStack } from './fault-stack';
import { CI_SIZE, formatTable, rowPassed, runScenario, scenariosNamed, SOAK_SIZE, type MatrixRow } from './matrix';

const { values } = parseArgs({
  options: {
    soak: { type: 'boolean', default: false },
    only: { type: 'string' },
    'keep-logs': { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run test:faults -- [--soak] [--only "<scenario>,<scenario>"] [--keep-logs]
  --soak       ${SOAK_SIZE.payments} payments per scenario (${CI_SIZE.payments} otherwise), more and longer faults
  --only       scenarios whose names start with these (comma-separated)
  --keep-logs  keep the processes' logs (.data/faults/run-…) even when everything passed
  --record     write the table into README.md and the docs page Reliability (a whole, green run only)`);
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
if (values.record) {
  if (failed.length > 0 || rows.length !== scenarios.length || values.only)
    say('not recorded: only a whole, green run is');
  else recordTable(formatTable(rows));
}
console.log(
  `fault matrix: ${rows.length - failed.length} of ${rows.length} scenarios green in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed.length > 0 ? 1 : 0);

/** Replaces the table between the fault-table markers of the README and the docs page. */
function recordTable(table: string): void {
  const places = [
    { file: join(projectRoot, 'README.md'), start: '<!-- fault-table:start -->', end: '<!-- fault-table:end -->' },
    {
      file: join(projectRoot, 'web', 'src', 'docs', 'content', 'references', 'reliability.mdx'),
      start: '{/* fault-table:start */}',
      end: '{/* fault-table:end */}',
    },
  ];
  for (const { file, start, end } of places) {
    const text = readFileSync(file, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`no ${start} … ${end} in ${file}`);
    writeFileSync(file, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`);
    say(`table written into ${file}`);
  }
}
