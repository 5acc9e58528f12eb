// GET /metrics in the Prometheus text format: request counts and latencies per route and status,
// enough for an operator's dashboard and alerts without another dependency.
import type { FastifyInstance } from 'fastify';

const bucketsMs = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

interface Series {
  count: number;
  sumMs: number;
  buckets: number[];
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function registerMetrics(app: FastifyInstance): void {
  const series = new Map<string, Series>();
  const started = new WeakMap<object, number>();

  app.addHook('onRequest', async (request) => {
    started.set(request, performance.now());
  });
  app.addHook('onResponse', async (request, reply) => {
    const begin = started.get(request);
    if (begin === undefined) return;
    // The route pattern, never the concrete URL: ids must not explode the label space.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const key = `${request.method} ${route} ${reply.statusCode}`;
    let entry = series.get(key);
    if (!entry) {
      entry = { count: 0, sumMs: 0, buckets: bucketsMs.map(() => 0) };
      series.set(key, entry);
    }
    const elapsed = performance.now() - begin;
    entry.count += 1;
    entry.sumMs += elapsed;
    bucketsMs.forEach((bound, index) => {
      if (elapsed <= bound) entry.buckets[index]! += 1;
    });
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    const lines: string[] = [
      '# HELP tessera_http_request_duration_ms HTTP request duration by route and status.',
      '# TYPE tessera_http_request_duration_ms histogram',
    ];
    for (const [key, entry] of series) {
      const [method, route, status] = key.split(' ');
      const labels = `method="${method}",route="${escapeLabel(route ?? '')}",status="${status}"`;
      bucketsMs.forEach((bound, index) => lines.push(`tessera_http_request_duration_ms_bucket{${labels},le="${bound}"} ${entry.buckets[index]}`));
      lines.push(`tessera_http_request_duration_ms_bucket{${labels},le="+Inf"} ${entry.count}`);
      lines.push(`tessera_http_request_duration_ms_sum{${labels}} ${entry.sumMs.toFixed(3)}`);
      lines.push(`tessera_http_request_duration_ms_count{${labels}} ${entry.count}`);
    }
    const memory = process.memoryUsage();
    lines.push('# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${memory.rss}`);
    lines.push('# TYPE process_uptime_seconds gauge', `process_uptime_seconds ${process.uptime().toFixed(1)}`);
    return reply.type('text/plain; version=0.0.4').send(`${lines.join('\n')}\n`);
  });
}
