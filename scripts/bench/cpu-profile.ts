// With --profile, the api, worker and sandbox run under `node --cpu-prof`; this reads their
// profiles (one per thread: the worker's workflows run in a worker thread) and tells where the CPU
// went during one phase, by area (our folders, npm packages, Node internals, GC) and by function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(workflows|activities|api|db|domain|partners|platform|temporal|scripts)\//.exec(url);
  if (ours) return `${ours[1]}/`;
  // The workflow bundle is evaluated from memory in the worker thread.
  if (/workflow-bundle|webpack/.test(url)) return 'workflow bundle';
  return url.replace(/^file:\/\//, '').slice(-40);
}

export interface ProfileSummary {
  file: string;
  pid: number;
  thread: number;
  sampledMs: number;
  areas: Array<{ name: string; ms: number }>;
  functions: Array<{ name: string; ms: number }>;
}

/** Sums self time per area and per function over the samples taken between fromUs and toUs (CLOCK_MONOTONIC, µs). */
export function summarizeProfile(file: string, fromUs: number, toUs: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = profile.startTime;
  let sampled = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs) continue;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? delta) / 1000;
    sampled += ms;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const where = url ? `${url.replace(/^.*\/(node_modules\/)?/, '')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) =>
    [...map.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  const match = /\.(\d+)\.(\d+)\.\d+\.cpuprofile$/.exec(file);
  return {
    file,
    pid: Number(match?.[1] ?? 0),
    thread: Number(match?.[2] ?? 0),
    sampledMs: sampled,
    areas: sorted(areas),
    functions: sorted(functions),
  };
}

export function profilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}
