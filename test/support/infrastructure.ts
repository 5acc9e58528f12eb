// What the integration and e2e suites share, startable without Vitest: a real PostgreSQL cluster
// (installed from Debian's packages when missing) with a migrated template database, one Temporal
// dev server, and one prebuilt workflow bundle. The global setup provides it to test files; the
// history recorder (scripts/record-histories.ts) starts it for itself.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { dataDir, projectRoot } from '../../platform/config';
import { temporalBinary } from '../../temporal/binary';
import { startDevServer, type DevServer } from '../../temporal/dev-server';
import { workflowBundling } from '../../temporal/worker';

/** What a stack needs to find the shared servers; the global setup hands it to test files by `provide`. */
export interface SharedInfrastructure {
  postgresAdminUrl: string;
  templateDatabase: string;
  temporalAddress: string;
  workflowBundlePath: string;
}

export interface TestInfrastructure extends SharedInfrastructure {
  stop(): Promise<void>;
}

export async function startTestInfrastructure(
  options: { removeBundleOnStop?: boolean } = {},
): Promise<TestInfrastructure> {
  const postgresAdminUrl = execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const templateDatabase = `tessera_template_${process.pid}`;
  const admin = connect(postgresAdminUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${templateDatabase}`);
  await admin.unsafe(`create database ${templateDatabase}`);
  const template = connect(postgresAdminUrl.replace(/\/[^/]*$/, `/${templateDatabase}`), { max: 1 });
  await migrate(template);
  await template.end();

  const temporal = await startDevServer({ binary: temporalBinary(), headless: true });

  const bundleDir = join(dataDir, 'test');
  mkdirSync(bundleDir, { recursive: true });
  const workflowBundlePath = join(bundleDir, `workflow-bundle-${process.pid}.js`);
  writeFileSync(workflowBundlePath, await buildWorkflowBundle());

  return {
    postgresAdminUrl,
    templateDatabase,
    temporalAddress: temporal.address,
    workflowBundlePath,
    async stop() {
      await temporal.stop();
      // Test databases are made from the template; drop them all with it.
      const databases = await admin<
        { datname: string }[]
      >`select datname from pg_database where datname like ${`tessera_t_${process.pid}_%`} or datname = ${templateDatabase}`;
      for (const { datname } of databases) await admin.unsafe(`drop database if exists ${datname} with (force)`);
      await admin.end();
      if (options.removeBundleOnStop) rmSync(workflowBundlePath, { force: true });
    },
  };
}

/** The workflows bundled once, for the many workers a test starts (each then starts in about a second). */
export async function buildWorkflowBundle(): Promise<string> {
  const { code } = await bundleWorkflowCode({ ...workflowBundling, logger: quietBundlerLogger });
  return code;
}

/**
 * A Temporal dev server of its own that suggests continue-as-new after `afterEvents` history events
 * (4096 by default), so that a test, or the history recorder, makes workflows continue as new.
 */
export async function startContinueAsNewServer(afterEvents = 20): Promise<DevServer> {
  return startDevServer({
    binary: temporalBinary(),
    headless: true,
    dynamicConfig: { 'limit.historyCount.suggestContinueAsNew': afterEvents },
  });
}

/** A workflow bundler's logger that says only warnings and errors. */
export const quietBundlerLogger = {
  log: () => {},
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};
