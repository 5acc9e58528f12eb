import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../platform/config';
import type { Stack } from './stack';

/**
 * A command-line script of scripts/ as an operator runs it (`npm run …`), on the stack's database
 * and key, with `--json`: its last line of output, parsed. `env` adds to the environment (a
 * partner's credentials).
 */
export async function runOperatorScript(
  stack: Stack,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<any> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'scripts', script), ...args, '--json'],
    {
      cwd: projectRoot,
      timeout: 60_000,
      env: {
        ...process.env,
        DATABASE_URL: stack.config.databaseUrl,
        TESSERA_ENCRYPTION_KEY: stack.config.encryptionKey.toString('base64'),
        TESSERA_PUBLIC_URL: stack.baseUrl,
        ...env,
      },
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}
