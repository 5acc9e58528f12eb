// The Temporal server, its SQL tool and the UI server, built once per machine by build-binaries.sh
// from the Go module proxy (the first call pays a few minutes of Go build; later calls answer at once).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface ClusterBinaries {
  temporalServer: string;
  sqlTool: string;
  /** Folder holding temporal/versioned and visibility/versioned for PostgreSQL. */
  schemaDir: string;
  uiServer: string;
}

export const buildScript = join(import.meta.dirname, 'build-binaries.sh');

export function clusterBinaries(): ClusterBinaries {
  const output = execFileSync('bash', [buildScript], {
    encoding: 'utf8',
    // The build's progress goes to our stderr: the first run takes minutes and says so.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const paths = Object.fromEntries(
    output
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.+)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
  const path = (key: string) => {
    const value = paths[key];
    if (!value) throw new Error(`${buildScript} printed no ${key}:\n${output}`);
    return value;
  };
  return {
    temporalServer: path('TEMPORAL_SERVER_BIN'),
    sqlTool: path('TEMPORAL_SQL_TOOL_BIN'),
    schemaDir: path('TEMPORAL_SCHEMA_DIR'),
    uiServer: path('TEMPORAL_UI_SERVER_BIN'),
  };
}
