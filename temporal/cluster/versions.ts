// The versions pinned in versions.env, for the TypeScript side: the cluster launcher's report, the
// bench's header, and the check that docker-compose.yml runs the same releases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ClusterVersions {
  /** Temporal server and its admin tools (temporalio/server, temporalio/admin-tools). */
  temporalServer: string;
  /** The Temporal UI server (temporalio/ui). */
  temporalUi: string;
  /** PostgreSQL major version of the compose file's image. */
  postgres: string;
  /** nginx release line of the compose file's image. */
  nginx: string;
}

export const versionsFile = join(import.meta.dirname, 'versions.env');

/** KEY=value lines; `#` starts a comment line. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(\S+)$/.exec(line);
    if (!match) throw new Error(`${versionsFile}:${index + 1}: expected KEY=value, got "${line}"`);
    values[match[1]!] = match[2]!;
  }
  return values;
}

export function clusterVersions(): ClusterVersions {
  const values = parseEnvFile(readFileSync(versionsFile, 'utf8'));
  const required = (name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${versionsFile}: ${name} is missing`);
    return value;
  };
  return {
    temporalServer: required('TEMPORAL_SERVER_VERSION'),
    temporalUi: required('TEMPORAL_UI_VERSION'),
    postgres: required('POSTGRES_VERSION'),
    nginx: required('NGINX_VERSION'),
  };
}
