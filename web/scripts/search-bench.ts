// Prints how fast the in-browser search answers, on the built index and on a synthetic index 25
// times larger (what the docs may grow to with the partner pages):
//
//   npx vite build --config web/vite.config.ts && npx tsx web/scripts/search-bench.ts [web/dist/search-index.json]
//
// A measurement to read, not a test: timings depend on the machine.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createSearchEngine } from '../src/site/search/engine';
import type { SearchIndexFile } from '../src/site/search/index-format';
import { parseSearchIndex } from '../src/site/search/load-index';

const QUERIES = [
  'capture',
  'idempotency key',
  'client sess',
  'how to refund a payment',
  'x-idempotency-key',
  'webhook signature',
  '3ds challenge',
  'a',
  'zzzz',
];
const RUNS = 200;

function enlarge(index: SearchIndexFile, times: number): SearchIndexFile {
  const pages = [];
  const sections = [];
  for (let copy = 0; copy < times; copy++) {
    for (const page of index.pages) pages.push({ ...page, path: `${page.path}-${copy}` });
    for (const section of index.sections) sections.push({ ...section, page: section.page + copy * index.pages.length });
  }
  return { ...index, pages, sections };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function bench(label: string, index: SearchIndexFile): void {
  const built = performance.now();
  const engine = createSearchEngine(index);
  const buildMs = performance.now() - built;
  console.log(
    `\n${label}: ${index.pages.length} pages, ${index.sections.length} sections, ${(JSON.stringify(index).length / 1024).toFixed(0)} KB of JSON; index built in ${buildMs.toFixed(1)} ms`,
  );
  for (const query of QUERIES) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      total = engine.search(query, 8).total;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${JSON.stringify(query).padEnd(28)} ${String(total).padStart(5)} hits   median ${percentile(times, 0.5).toFixed(3)} ms   p95 ${percentile(times, 0.95).toFixed(3)} ms`,
    );
  }
}

const file = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/search-index.json', import.meta.url)));
const index = parseSearchIndex(JSON.parse(readFileSync(file, 'utf8')));
bench('Built index', index);
bench('Synthetic index ×25', enlarge(index, 25));
