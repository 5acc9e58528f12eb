// Runs only the documentation site's browser tests, without the shared Temporal/PostgreSQL setup
// they do not need: npx vitest run --config test/e2e/docs/vitest.local.config.ts
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/docs/**/*.test.ts'],
    globalSetup: ['test/support/e2e-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
