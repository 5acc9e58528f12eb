// OpenAPI fuzzing: schemathesis generates requests from each served document (valid, invalid,
// hostile: wrong types, NUL bytes, broken escapes, huge values, undeclared methods) and sends them
// to a whole running Tessera (real Temporal, PostgreSQL, worker, sandbox partners) with a real
// merchant's credentials. Every answer must be documented: its status, its content type, its body
// schema and headers; none may be a server error. Settings: test/fuzzing/schemathesis.toml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiFamily } from '../../api/openapi';
import type { CreatedMerchant } from '../../db/merchants';
import { fuzzDocument, schemathesisCli, summaryTable, type FuzzingRun } from '../fuzzing/schemathesis';
import { startStack, type Stack } from '../support/stack';

const families: ApiFamily[] = ['v2', 'wallet', 'v1'];
// Bounds one document's run: one to two minutes on a quiet machine, several on a loaded one.
const RUN_TIMEOUT_MS = 8 * 60_000;

let cli: string;
let stack: Stack;
let merchant: CreatedMerchant;
let accessToken: string;
const runs: FuzzingRun[] = [];

beforeAll(async () => {
  cli = schemathesisCli();
  stack = await startStack();
  merchant = await stack.createMerchant('Fuzzed shop');
  accessToken = await stack.accessToken(merchant);
}, 300_000);

async function operationCount(family: ApiFamily): Promise<number> {
  const document: { paths: Record<string, object> } = await (
    await fetch(`${stack.baseUrl}/openapi/${family}.json`)
  ).json();
  return Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0);
}

afterAll(async () => {
  if (runs.length > 0) console.log(`OpenAPI fuzzing (schemathesis, fixed seed)\n${summaryTable(runs)}`);
  await stack?.close();
});

describe('OpenAPI fuzzing with schemathesis', () => {
  for (const family of families) {
    it(
      `/openapi/${family}.json: every answer to generated requests is documented, none is a server error`,
      async () => {
        const run = await fuzzDocument(
          cli,
          family,
          { baseUrl: stack.baseUrl, merchant, accessToken },
          { timeoutMs: RUN_TIMEOUT_MS },
        );
        runs.push(run);
        const report = `schemathesis found failures in /openapi/${family}.json:\n${run.output}`;
        expect(run.failures, report).toEqual([]);
        expect(run.errors, report).toBe(0);
        expect(run.exitCode, report).toBe(0);
        // A run that tested nothing proves nothing: every operation of the document was exercised.
        expect(run.operations).toBe(await operationCount(family));
        expect(run.testCases).toBeGreaterThan(run.operations * 20);
      },
      RUN_TIMEOUT_MS + 30_000,
    );
  }
});
