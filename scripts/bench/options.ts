// Flags of `npm run bench`: every one bounded, so a typo cannot start an hour-long run.
import { parseArgs } from 'node:util';

export type DatabaseChoice = 'auto' | 'postgres' | 'pglite';
export type SubmissionChoice = 'auto' | 'session' | 'payments';
export type Target = 'dev' | 'cluster';

export interface BenchOptions {
  /** dev: the dev server topology (npm start's); cluster: the production topology, beside the dev server's figures. */
  target: Target;
  /** Seconds of full lifecycles at `concurrency`. */
  durationSeconds: number;
  concurrency: number;
  /** Seconds of empty workflows at `concurrency` (the ceiling). */
  bareSeconds: number;
  /** Samples of each concurrency-1 figure (bare probes and lifecycles). */
  samples: number;
  skipBare: boolean;
  database: DatabaseChoice;
  /** auto: on the session when the api has that path, else POST /v2/payments. */
  submission: SubmissionChoice;
  keepData: boolean;
  /** Run api, worker and sandbox under node --cpu-prof and print where their CPU went under load. */
  profile: boolean;
  /** After the other phases, checkout lifecycles until 10,000 (or 30 minutes), the api's and worker's resident size read at 5,000 and 10,000. */
  memory: boolean;
}

const usage = `usage: npm run bench -- [--target dev|cluster] [--duration 60] [--concurrency 16] [--bare-seconds 10]
                       [--samples 200] [--skip-bare] [--submission auto|session|payments]
                       [--database auto|postgres|pglite] [--keep-data] [--profile] [--memory]

  --target         dev (default): the dev server topology, with the bare Temporal figures and the targets;
                   cluster: lifecycles on the production topology (Temporal server on PostgreSQL, nginx,
                   two api processes) with one worker and with two, beside the dev server's, in one run
                   (--duration, --concurrency, --database and --keep-data apply; the others do not)

  --duration       seconds of full lifecycles at --concurrency (5..600, default 60)
  --concurrency    lifecycles (and empty workflows) in flight (1..128, default 16)
  --bare-seconds   seconds of empty workflows at --concurrency, the ceiling (3..120, default 10)
  --samples        samples of each concurrency-1 figure (50..5000, default 200)
  --skip-bare      skip the bare Temporal figures (no ratio, no comparisons)
  --submission     how the tokenized card is submitted: session (POST /checkout/v1/sessions/{id}/payments,
                   as the hosted page and widget do), payments (POST /v2/payments, the merchant's server);
                   auto: session when the api has that path
  --database       auto: DATABASE_URL, else PostgreSQL via scripts/ensure-postgres.sh, else PGlite
  --keep-data      keep .data/bench/<run>/ (Temporal's SQLite file and the process logs)
  --profile        run the api, worker and sandbox under node --cpu-prof, and the Temporal server under
                   perf (installed when missing), and print where their CPU went during the checkout
                   lifecycles at --concurrency, the server's beside its checkout skeleton's (profiles
                   kept in .data/bench/<run>/)
  --memory         after the other phases, checkout lifecycles at --concurrency until 10,000 have run
                   (at most 30 minutes), the api's and worker's resident size read five times up to
                   5,000 and up to 10,000, 250 lifecycles apart: the memory target, growth between the
                   medians against the readings' own scatter (n/a without this flag)`;

function bounded(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export class UsageError extends Error {
  constructor(
    message: string,
    readonly helpAsked = false,
  ) {
    super(message);
  }
}

export function parseOptions(argv: string[]): BenchOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        target: { type: 'string', default: 'dev' },
        duration: { type: 'string' },
        concurrency: { type: 'string' },
        'bare-seconds': { type: 'string' },
        samples: { type: 'string' },
        'skip-bare': { type: 'boolean', default: false },
        database: { type: 'string', default: 'auto' },
        submission: { type: 'string', default: 'auto' },
        'keep-data': { type: 'boolean', default: false },
        profile: { type: 'boolean', default: false },
        memory: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  const { values } = parsed;
  if (values.help) throw new UsageError(usage, true);
  const database = values.database;
  if (database !== 'auto' && database !== 'postgres' && database !== 'pglite') {
    throw new UsageError(`--database must be auto, postgres or pglite, got "${database}"`);
  }
  const target = values.target;
  if (target !== 'dev' && target !== 'cluster')
    throw new UsageError(`--target must be dev or cluster, got "${target}"`);
  const submission = values.submission;
  if (submission !== 'auto' && submission !== 'session' && submission !== 'payments') {
    throw new UsageError(`--submission must be auto, session or payments, got "${submission}"`);
  }
  return {
    target,
    submission,
    durationSeconds: bounded('duration', values.duration, 60, 5, 600),
    concurrency: bounded('concurrency', values.concurrency, 16, 1, 128),
    bareSeconds: bounded('bare-seconds', values['bare-seconds'], 10, 3, 120),
    samples: bounded('samples', values.samples, 200, 50, 5000),
    skipBare: values['skip-bare'] ?? false,
    database,
    keepData: (values['keep-data'] ?? false) || (values.profile ?? false),
    profile: values.profile ?? false,
    memory: values.memory ?? false,
  };
}
