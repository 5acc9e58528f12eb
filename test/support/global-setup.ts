// Starts what the integration and e2e suites share (test/support/infrastructure.ts) once, and hands
// it to test files, which then get their own database and task queue.
import type { TestProject } from 'vitest/node';
import { startTestInfrastructure, type SharedInfrastructure, type TestInfrastructure } from './infrastructure';

declare module 'vitest' {
  export interface ProvidedContext extends SharedInfrastructure {}
}

let infrastructure: TestInfrastructure | undefined;

export default async function setup(project: TestProject) {
  infrastructure = await startTestInfrastructure();
  project.provide('postgresAdminUrl', infrastructure.postgresAdminUrl);
  project.provide('templateDatabase', infrastructure.templateDatabase);
  project.provide('temporalAddress', infrastructure.temporalAddress);
  project.provide('workflowBundlePath', infrastructure.workflowBundlePath);

  return async () => {
    await infrastructure?.stop();
  };
}
