// Starts what the integration and e2e suites share: a real PostgreSQL cluster (installed from
// Debian's packages when missing) with a migrated template database, one Temporal dev server, and
// one prebuilt workflow bundle. Test files then get their own database and task queue.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import type { TestProject } from 'vitest/node';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { dataDir, projectRoot } from '../../platform/config';
import { temporalBinary } from '../../temporal/binary';
import { startDevServer, type DevServer } from '../../temporal/dev-server';
import { workflowsPath } from '../../temporal/worker';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
    temporalAddress: string;
    workflowBundlePath: string;
  }
}

let temporal: DevServer | undefined;

export default async function setup(project: TestProject) {
  const adminUrl = execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const templateDatabase = `tessera_template_${process.pid}`;
  const admin = connect(adminUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${templateDatabase}`);
  await admin.unsafe(`create database ${templateDatabase}`);
  const template = connect(adminUrl.replace(/\/[^/]*$/, `/${templateDatabase}`), { max: 1 });
  await migrate(template);
  await template.end();

  temporal = await startDevServer({ binary: temporalBinary(), port: await freePort(), headless: true });

  const bundleDir = join(dataDir, 'test');
  mkdirSync(bundleDir, { recursive: true });
  const workflowBundlePath = join(bundleDir, `workflow-bundle-${process.pid}.js`);
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: quietLogger });
  writeFileSync(workflowBundlePath, code);

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('temporalAddress', temporal.address);
  project.provide('workflowBundlePath', workflowBundlePath);

  return async () => {
    await temporal?.stop();
    // Test databases are made from the template; drop them all with it.
    const databases = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`tessera_t_${process.pid}_%`} or datname = ${templateDatabase}`;
    for (const { datname } of databases) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

const quietLogger = {
  log: () => {},
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};
