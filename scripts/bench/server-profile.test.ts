import { describe, expect, it } from 'vitest';
import {
  parsePerfScriptLine,
  serverAreaOf,
  serverCpuByArea,
  serverProfileReport,
  type ServerSample,
} from './server-profile';

const binary = '/work/.tools/temporal-1.9.1/temporal';

describe('parsePerfScriptLine', () => {
  it('reads a sample’s time in µs, and its frames in the server’s binary as offsets', () => {
    expect(parsePerfScriptLine('61921.263511: ', binary)).toBe(61_921_263_511);
    expect(parsePerfScriptLine(`\t         2169b6a (${binary})`, binary)).toBe('0x2169b6a');
  });

  it('tells the kernel’s frames from other libraries’, and skips blank lines', () => {
    expect(parsePerfScriptLine('\t ffffffff8a2b1c3d ([kernel.kallsyms])', binary)).toBe('[kernel]');
    expect(parsePerfScriptLine('\t 7f3a1c2b3d4e (/usr/lib/x86_64-linux-gnu/libc.so.6)', binary)).toBe('?');
    expect(parsePerfScriptLine('', binary)).toBeUndefined();
  });
});

describe('serverAreaOf', () => {
  const history = (method: string) => `go.temporal.io/server/api/historyservice/v1._HistoryService_${method}_Handler`;

  it('names the gRPC call a sample served, its outermost handler first', () => {
    expect(
      serverAreaOf([
        'modernc.org/sqlite/lib._sqlite3VdbeExec',
        history('RespondWorkflowTaskCompleted'),
        'go.temporal.io/server/api/workflowservice/v1._WorkflowService_RespondWorkflowTaskCompleted_Handler',
        'google.golang.org/grpc.(*Server).processUnaryRPC',
      ]),
    ).toBe('frontend.RespondWorkflowTaskCompleted');
    expect(serverAreaOf(['runtime.memmove', history('RecordWorkflowTaskStarted')])).toBe(
      'history.RecordWorkflowTaskStarted',
    );
  });

  it('names the queue task a sample ran, and a visibility task by what it records', () => {
    expect(
      serverAreaOf([
        'modernc.org/sqlite/lib._sqlite3BtreeIndexMoveto',
        'go.temporal.io/server/service/history.(*visibilityQueueTaskExecutor).processUpsertExecution',
        'go.temporal.io/server/service/history.(*visibilityQueueTaskExecutor).Execute',
        'go.temporal.io/server/service/history/queues.(*executableImpl).Execute',
      ]),
    ).toBe('visibility task: processUpsertExecution');
    expect(
      serverAreaOf([
        'go.temporal.io/server/service/history.(*transferQueueActiveTaskExecutor).Execute',
        'go.temporal.io/server/service/history/queues.(*executableImpl).Execute',
      ]),
    ).toBe('transfer queue task');
  });

  it('names the queues’ own work by the innermost step of their loop (the walk that grew until each checkpoint)', () => {
    expect(
      serverAreaOf([
        'go.temporal.io/server/service/history/tasks.(*WorkflowTask).GetKey',
        'go.temporal.io/server/service/history/queues.(*executableTracker).split',
        'go.temporal.io/server/service/history/queues.(*ReaderImpl).MergeSlices',
        'go.temporal.io/server/service/history/queues.(*queueBase).processNewRange',
        'go.temporal.io/server/service/history/queues.(*immediateQueue).processEventLoop',
      ]),
    ).toBe('history queues: MergeSlices');
  });

  it('puts the garbage collector before what it interrupted, and tells the rest apart', () => {
    expect(serverAreaOf(['runtime.scanobject', 'runtime.gcDrain', 'runtime.gcBgMarkWorker'])).toBe(
      'Go garbage collector',
    );
    expect(serverAreaOf(['google.golang.org/grpc/internal/transport.(*http2Server).operateHeaders'])).toBe(
      'gRPC transport',
    );
    expect(serverAreaOf(['modernc.org/sqlite/lib._walCheckpoint', 'modernc.org/sqlite.(*conn).exec'])).toBe(
      'SQLite, other',
    );
    expect(serverAreaOf(['[kernel]', '[kernel]'])).toBe('kernel');
    expect(serverAreaOf(['runtime.futex', 'runtime.findRunnable'])).toBe('other');
  });
});

describe('serverCpuByArea', () => {
  it('counts the samples of a window as ms of CPU per lifecycle, by area', () => {
    const sample = (atUs: number, frames: string[]): ServerSample => ({ atUs, frames });
    const samples = [
      sample(900, ['runtime.gcBgMarkWorker']),
      sample(1_000, ['runtime.gcBgMarkWorker']),
      sample(1_500, ['[kernel]']),
      sample(2_000, ['runtime.gcBgMarkWorker']),
      sample(2_100, ['[kernel]']),
    ];
    const byArea = serverCpuByArea(samples, { fromUs: 1_000, toUs: 2_000, lifecycles: 2 });
    // 499 samples a second: each is 2.004 ms of one core, shared by two lifecycles.
    expect(byArea.get('Go garbage collector')).toBeCloseTo(2.004, 3);
    expect(byArea.get('kernel')).toBeCloseTo(1.002, 3);
    expect(byArea.size).toBe(2);
  });
});

describe('serverProfileReport', () => {
  it('puts each phase beside the others, area by area, the first phase’s busiest first', () => {
    const samples: ServerSample[] = [
      { atUs: 10, frames: ['[kernel]'] },
      { atUs: 20, frames: ['runtime.gcBgMarkWorker'] },
      { atUs: 30, frames: ['runtime.gcBgMarkWorker'] },
      { atUs: 110, frames: ['[kernel]'] },
    ];
    const lines = serverProfileReport(samples, [
      { label: 'lifecycle', fromUs: 0, toUs: 99, lifecycles: 1 },
      { label: 'skeleton', fromUs: 100, toUs: 199, lifecycles: 1 },
      { label: 'nothing ran', fromUs: 200, toUs: 299, lifecycles: 0 },
    ]);
    expect(lines[1]).toMatch(/area\s+lifecycle\s+skeleton$/);
    expect(lines[2]).toMatch(/^ {2}Go garbage collector\s+4\.01\s+0\.00$/);
    expect(lines[3]).toMatch(/^ {2}kernel\s+2\.00\s+2\.00$/);
    expect(lines.at(-1)).toMatch(/^ {2}all\s+6\.01\s+2\.00$/);
  });
});
