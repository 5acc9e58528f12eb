import { defineConfig } from 'vitest/config';

// Six projects so a fast unit run never pays for servers:
// - unit: pure modules and self-contained services (tests live beside the code they test);
// - replay: recorded workflow histories replayed against today's workflows (test/replay/README.md);
// - integration: real Temporal dev server + real PostgreSQL, started once by the global setup;
// - e2e: Debian's Chromium through playwright-core against the built web app;
// - faults: the fault matrix (test/faults), alone after the others, on a stack of its own it breaks;
// - cluster: the production topology (Temporal server on PostgreSQL, two api processes behind
//   nginx, two workers) under kills and restarts (test/cluster), alone at the very end.
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{domain,api,workflows,activities,partners,temporal,db,platform,web,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'web/dist/**'],
          environment: 'node',
        },
      },
      {
        test: {
          // Recorded workflow histories replayed against the current workflows: no server needed.
          name: 'replay',
          sequence: { groupOrder: 0 },
          include: ['test/replay/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Test files share one Temporal server and one PostgreSQL cluster; each file gets its
          // own database and task queue, but two cores cannot run many workers at once.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts', 'test/support/e2e-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          // Kills and restarts processes, databases and servers: after everything else, so that
          // no other suite shares the two cores with it (its timings are part of what it reports).
          name: 'faults',
          sequence: { groupOrder: 3 },
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 600_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'cluster',
          // After every other group (one more than the last), alone on the two cores.
          sequence: { groupOrder: 4 },
          include: ['test/cluster/**/*.test.ts'],
          testTimeout: 420_000,
          // Start-up builds the Temporal binaries when scripts/test.sh has not (once per machine).
          hookTimeout: 1_800_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
