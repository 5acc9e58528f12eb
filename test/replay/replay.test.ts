// Every recorded history (test/replay/histories, see README.md) replayed against the workflows as
// the worker registers them now: a change that would break a running workflow fails here, naming
// the history it breaks, before it ships.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { workflowsPath } from '../../temporal/worker';
import { historyFromJSON } from './history-json';

const historiesDir = join(import.meta.dirname, 'histories');

// Recordings made after a change has shipped go beside the older ones, in folders of their own.
function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? jsonFiles(join(dir, entry.name))
        : entry.name.endsWith('.json')
          ? [join(dir, entry.name)]
          : [],
    )
    .sort();
}

const files = jsonFiles(historiesDir).map((path) => relative(historiesDir, path));

function loadHistory(file: string) {
  const history = historyFromJSON(JSON.parse(readFileSync(join(historiesDir, file), 'utf8')));
  // Replay runs under the recorded id: workflow code may read it (the session names itself to
  // its payment), and the result then points back at its file.
  const workflowId = history.events[0]?.workflowExecutionStartedEventAttributes?.workflowId;
  if (!workflowId) throw new Error(`${file}: the first event is not a workflow start carrying its workflow id`);
  return { file, workflowId, history };
}

const outcomes = new Map<string, string | undefined>();

beforeAll(async () => {
  // The bundler and the replay worker narrate every step at INFO; the tests report what matters.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const histories = files.map(loadHistory);
  const fileOf = new Map<string, string>();
  for (const { file, workflowId } of histories) {
    const other = fileOf.get(workflowId);
    if (other) throw new Error(`${file} and ${other} record the same workflow ${workflowId}: keep one`);
    fileOf.set(workflowId, file);
  }
  // One bundle of workflowsPath, as the worker makes it (temporal/worker.ts), for all histories.
  const results = Worker.runReplayHistories({ workflowsPath, replayName: 'tessera-replay' }, histories);
  for await (const { workflowId, error } of results) {
    outcomes.set(fileOf.get(workflowId)!, error ? `${error.name}: ${error.message}` : undefined);
  }
});

describe('recorded workflow histories replay against the current workflow code', () => {
  it('has histories to replay', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s', (file) => {
    expect(outcomes.has(file), `${file} was not replayed`).toBe(true);
    const failure = outcomes.get(file);
    if (failure) {
      throw new Error(
        `test/replay/histories/${file} no longer replays: ${failure}\n` +
          'Workflows already running with this history would fail on their next task. Keep the old behaviour ' +
          'for them behind patched() (test/replay/README.md).',
      );
    }
  });
});
