// With --profile, the Temporal dev server runs under `perf record` as well, and the report tells
// where its CPU went during a phase by area (the gRPC call it served, the queue task it ran, its
// queues' own reading and checkpoints, its garbage collector), per lifecycle. This is how the
// server's checkout time was found in queue reads that grew until each checkpoint
// (temporal/dev-server.ts). The release binary has no symbol table; go-symbols/ reads Go's own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../platform/config';

/** Samples a second: prime, so they do not beat with the server's own timers. */
const SAMPLING_HZ = 499;

/** A phase of the run: when it ran (CLOCK_MONOTONIC, µs, perf's clock here) and how many lifecycles it made. */
export interface PhaseWindow {
  fromUs: number;
  toUs: number;
  lifecycles: number;
}

/** Now on CLOCK_MONOTONIC, in µs: the clock the server's samples are timed by. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** One sample of the server: when (CLOCK_MONOTONIC, µs) and its frames, innermost first. */
export interface ServerSample {
  atUs: number;
  frames: string[];
}

export interface ServerProfile {
  /** Stops recording and reads the samples with their functions named. */
  stop(): Promise<ServerSample[]>;
}

const KERNEL = '[kernel]';
const UNKNOWN = '?';

/** perf, installed from Debian's packages when missing (scripts/ensure-perf.sh). */
function perfBinary(): string {
  return execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-perf.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** The go-symbols tool, built with the installed Go when its source is newer than the build. */
function goSymbolsTool(): string {
  const source = join(projectRoot, 'scripts', 'bench', 'go-symbols');
  const tool = join(projectRoot, '.tools', 'go-symbols');
  if (!existsSync(tool) || statSync(tool).mtimeMs < statSync(join(source, 'main.go')).mtimeMs) {
    mkdirSync(join(projectRoot, '.tools'), { recursive: true });
    execFileSync('go', ['build', '-o', tool, '.'], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return tool;
}

export function startServerProfile(pid: number, serverBinary: string, dataFile: string): ServerProfile {
  const perf = perfBinary();
  // perf names a frame's file by its real path.
  const binary = realpathSync(serverBinary);
  const tool = goSymbolsTool();
  const recorder: ChildProcess = spawn(
    perf,
    [
      'record',
      '-e',
      'cpu-clock',
      '-F',
      String(SAMPLING_HZ),
      '-g',
      '-k',
      'CLOCK_MONOTONIC',
      '-p',
      String(pid),
      '-o',
      dataFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => recorder.once('exit', () => resolve()));
  return {
    async stop() {
      recorder.kill('SIGINT');
      await exited;
      return readSamples(perf, dataFile, binary, tool);
    },
  };
}

async function readSamples(perf: string, dataFile: string, binary: string, tool: string): Promise<ServerSample[]> {
  const script = spawn(perf, ['script', '-F', 'time,ip,dso', '-i', dataFile], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const samples: ServerSample[] = [];
  for await (const line of createInterface({ input: script.stdout })) {
    const parsed = parsePerfScriptLine(line, binary);
    if (parsed === undefined) continue;
    if (typeof parsed === 'number') samples.push({ atUs: parsed, frames: [] });
    else samples.at(-1)?.frames.push(parsed);
  }
  const offsets = [...new Set(samples.flatMap((sample) => sample.frames.filter((frame) => frame.startsWith('0x'))))];
  const names = new Map<string, string>();
  for (const line of execFileSync(tool, [binary], { input: offsets.join('\n'), maxBuffer: 1 << 28 })
    .toString()
    .split('\n')) {
    const [offset, name] = line.split(' ');
    if (offset && name) names.set(offset, name);
  }
  for (const sample of samples) sample.frames = sample.frames.map((frame) => names.get(frame) ?? frame);
  return samples;
}

/**
 * One line of `perf script -F time,ip,dso`: a sample's time in µs, or one of its frames (an offset
 * into the server's binary as 0x…, the kernel, or anything else), or undefined for a blank line.
 */
export function parsePerfScriptLine(line: string, binary: string): number | string | undefined {
  const time = /^\s*(\d+\.\d+):\s*$/.exec(line);
  if (time) return Math.round(Number(time[1]) * 1e6);
  const frame = /^\s+([0-9a-f]+)\s+\((.*)\)\s*$/.exec(line);
  if (!frame) return undefined;
  if (frame[2] === binary) return `0x${frame[1]}`;
  return frame[2]!.includes('kernel') ? KERNEL : UNKNOWN;
}

const serviceNames: Record<string, string> = {
  WorkflowService: 'frontend',
  HistoryService: 'history',
  MatchingService: 'matching',
};

/** Where a sample's CPU went, from its frames (innermost first) named by go-symbols. */
export function serverAreaOf(frames: readonly string[]): string {
  const outermostFirst = [...frames].reverse();
  const findIn = (ordered: readonly string[], pattern: RegExp) => {
    for (const frame of ordered) {
      const match = pattern.exec(frame);
      if (match) return match;
    }
    return undefined;
  };
  const find = (pattern: RegExp) => findIn(outermostFirst, pattern);
  if (find(/^runtime\.(gcBgMarkWorker|gcAssistAlloc|bgsweep|bgscavenge)$/)) return 'Go garbage collector';
  const visibility = find(/visibilityQueueTaskExecutor\)\.(process\w+)$/);
  if (visibility) return `visibility task: ${visibility[1]}`;
  const executor = find(/\.\(\*(transfer|timer|outbound|archival)Queue\w*TaskExecutor\)\.Execute$/);
  if (executor) return `${executor[1]} queue task`;
  const handler = find(/_(HistoryService|MatchingService|WorkflowService)_(\w+)_Handler$/);
  if (handler) return `${serviceNames[handler[1]!]}.${handler[2]}`;
  // The innermost step of a queue's own loop names its work (MergeSlices, ShrinkSlices, ...).
  const queue = findIn(
    frames,
    /service\/history\/queues\.\(\*(?:queueBase|ReaderImpl|immediateQueue|scheduledQueue)\)\.(\w+)$/,
  );
  if (queue) return `history queues: ${queue[1]}`;
  if (find(/^google\.golang\.org\/grpc/)) return 'gRPC transport';
  if (find(/^modernc\.org\/sqlite/)) return 'SQLite, other';
  if (frames.length > 0 && frames.every((frame) => frame === KERNEL)) return 'kernel';
  return 'other';
}

/** ms of server CPU per lifecycle by area, over the samples taken between fromUs and toUs. */
export function serverCpuByArea(samples: readonly ServerSample[], window: PhaseWindow): Map<string, number> {
  const msPerSample = 1000 / SAMPLING_HZ;
  const byArea = new Map<string, number>();
  for (const sample of samples) {
    if (sample.atUs < window.fromUs || sample.atUs > window.toUs) continue;
    const area = serverAreaOf(sample.frames);
    byArea.set(area, (byArea.get(area) ?? 0) + msPerSample / window.lifecycles);
  }
  return byArea;
}

/** The report's lines: each phase's server CPU per lifecycle by area, the busiest areas first. */
export function serverProfileReport(
  samples: readonly ServerSample[],
  phases: ReadonlyArray<PhaseWindow & { label: string }>,
  rows = 16,
): string[] {
  const measured = phases.filter((phase) => phase.lifecycles > 0);
  const columns = measured.map((phase) => serverCpuByArea(samples, phase));
  const labels = measured.map((phase) => phase.label);
  const total = (byArea: Map<string, number>) => [...byArea.values()].reduce((sum, ms) => sum + ms, 0);
  const areas = [...new Set(columns.flatMap((byArea) => [...byArea.keys()]))].sort(
    (a, b) => (columns[0]?.get(b) ?? 0) - (columns[0]?.get(a) ?? 0),
  );
  const cell = (ms: number | undefined) => (ms ?? 0).toFixed(2).padStart(20);
  return [
    `Temporal server CPU per lifecycle by area, ms (perf at ${SAMPLING_HZ} Hz; the dev server's own functions read from its binary)`,
    `  ${'area'.padEnd(60)}${labels.map((label) => label.padStart(20)).join('')}`,
    ...areas
      .slice(0, rows)
      .map((area) => `  ${area.slice(0, 60).padEnd(60)}${columns.map((byArea) => cell(byArea.get(area))).join('')}`),
    `  ${'all'.padEnd(60)}${columns.map((byArea) => cell(total(byArea))).join('')}`,
  ];
}
