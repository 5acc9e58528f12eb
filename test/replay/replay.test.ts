// Every recorded history (test/replay/histories, see README.md) replayed against the workflows as
// the worker registers them now: a change that would break a running workflow fails here, naming
// the history it breaks, before it ships.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { workflowsFromSource } from '../../temporal/worker';
import { dataConverterFor } from '../../temporal/data-converter';
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
  // its payment).
  const started = history.events[0]?.workflowExecutionStartedEventAttributes;
  const workflowId = started?.workflowId;
  if (!workflowId) throw new Error(`${file}: the first event is not a workflow start carrying its workflow id`);
  // The runs of a workflow that continued as new share its id; each names the run before it.
  const run = `${workflowId} after run ${started.continuedExecutionRunId || '(none)'}`;
  return { file, workflowId, run, history };
}

const outcomes = new Map<string, string | undefined>();

beforeAll(async () => {
  // The bundler and the replay worker narrate every step at INFO; the tests report what matters.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const histories = files.map(loadHistory);
  const fileOf = new Map<string, string>();
  for (const { file, run } of histories) {
    const other = fileOf.get(run);
    if (other) throw new Error(`${file} and ${other} record the same run (${run}): keep one`);
    fileOf.set(run, file);
  }
  // One bundle of the workflows, as the worker makes it (temporal/worker.ts), for all histories,
  // and its data converter: payloads recorded in clear pass through the codec, as they would in a
  // worker meeting a workflow started before payloads were encrypted.
  const results = Worker.runReplayHistories(
    {
      ...workflowsFromSource,
      replayName: 'tessera-replay',
      dataConverter: dataConverterFor({ encryptionKey: randomBytes(32), payloadDecryptionKeys: [] }),
    },
    histories,
  );
  // The replayer takes one history at a time and answers in the same order.
  let index = 0;
  for await (const { error } of results) {
    outcomes.set(histories[index]!.file, error ? `${error.name}: ${error.message}` : undefined);
    index += 1;
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
