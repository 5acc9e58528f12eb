// Runs the pinned schemathesis CLI (scripts/ensure-schemathesis.sh) against one served OpenAPI
// document with the settings of schemathesis.toml beside this file, and reads back its JSON report.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiFamily } from '../../api/openapi';
import type { CreatedMerchant } from '../../db/merchants';
import { projectRoot } from '../../platform/config';

const configFile = join(projectRoot, 'test', 'fuzzing', 'schemathesis.toml');

/** The schemathesis CLI, installed into .tools/ on first use. */
export function schemathesisCli(): string {
  return execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-schemathesis.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** The parts of schemathesis's JSON report (`--report json`) the test reads. */
interface JsonReport {
  operations: { selected: number; tested: number; errored: number };
  test_cases: { generated: number; with_failures: number; unique_failures: number; errored: number };
  failures: Array<{ code: string; title: string; count: number; operations: string[] }>;
  errors: unknown[];
  running_time: number;
}

export interface FuzzingRun {
  family: ApiFamily;
  exitCode: number | null;
  operations: number;
  testCases: number;
  uniqueFailures: number;
  errors: number;
  seconds: number;
  /** One line per kind of failure: code, title, count and the operations it was seen on. */
  failures: string[];
  /** What schemathesis printed: the failures with their reproducing curl commands. */
  output: string;
}

export interface FuzzingTarget {
  baseUrl: string;
  merchant: CreatedMerchant;
  accessToken: string;
}

export async function fuzzDocument(
  cli: string,
  family: ApiFamily,
  target: FuzzingTarget,
  options: { timeoutMs: number },
): Promise<FuzzingRun> {
  // Its own working folder: schemathesis writes nothing into the repository.
  const workDir = mkdtempSync(join(tmpdir(), `tessera-fuzz-${family}-`));
  const reportPath = join(workDir, 'report.json');
  try {
    const { code, output } = await runCli(
      cli,
      [
        '--config-file',
        configFile,
        'run',
        `${target.baseUrl}/openapi/${family}.json`,
        '--no-color',
        '--report',
        'json',
        '--report-json-path',
        reportPath,
      ],
      {
        cwd: workDir,
        timeoutMs: options.timeoutMs,
        env: {
          TESSERA_FUZZ_ENTITY_ID: target.merchant.entity_id,
          TESSERA_FUZZ_MERCHANT_ID: target.merchant.merchant_id,
          TESSERA_FUZZ_CLIENT_ID: target.merchant.client_id,
          TESSERA_FUZZ_CLIENT_SECRET: target.merchant.client_secret,
          TESSERA_FUZZ_API_KEY: target.merchant.api_key,
          TESSERA_FUZZ_ACCESS_TOKEN: target.accessToken,
        },
      },
    );
    let report: JsonReport;
    try {
      report = JSON.parse(readFileSync(reportPath, 'utf8'));
    } catch {
      throw new Error(`schemathesis (${family}) wrote no report; it exited with ${code}:\n${output}`);
    }
    return {
      family,
      exitCode: code,
      operations: report.operations.tested,
      testCases: report.test_cases.generated,
      uniqueFailures: report.test_cases.unique_failures,
      errors: report.errors.length + report.operations.errored + report.test_cases.errored,
      seconds: report.running_time,
      failures: report.failures.map(
        (failure) => `${failure.code} ${failure.title} (${failure.count}): ${failure.operations.join(', ')}`,
      ),
      output,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function runCli(
  cli: string,
  args: string[],
  options: { cwd: string; timeoutMs: number; env: Record<string, string> },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, PYTHONUNBUFFERED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`schemathesis ran over ${options.timeoutMs} ms and was stopped:\n${output}`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

type Figures = Pick<FuzzingRun, 'operations' | 'testCases' | 'uniqueFailures' | 'errors' | 'seconds'>;

function total(runs: readonly FuzzingRun[]): Figures & { family: 'total' } {
  const sum = (figure: keyof Figures) => runs.reduce((count, run) => count + run[figure], 0);
  return {
    family: 'total',
    operations: sum('operations'),
    testCases: sum('testCases'),
    uniqueFailures: sum('uniqueFailures'),
    errors: sum('errors'),
    seconds: sum('seconds'),
  };
}

/** The figures of every run, one line each and their total, for the end of the test output. */
export function summaryTable(runs: readonly FuzzingRun[]): string {
  const rows = [
    ['document', 'operations', 'test cases', 'failures', 'errors', 'seconds'],
    ...[...runs, total(runs)].map((run) => [
      run.family === 'total' ? 'total' : `/openapi/${run.family}.json`,
      String(run.operations),
      String(run.testCases),
      String(run.uniqueFailures),
      String(run.errors),
      run.seconds.toFixed(0),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}
