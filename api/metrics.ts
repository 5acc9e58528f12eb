// GET /metrics in the Prometheus text format: request counts and latencies per route and status,
// and Node's own figures (memory, event loop lag, GC), from prom-client. The worker's Temporal
// figures are on the worker's own /metrics (temporal/worker-main.ts).
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

const bucketsMs = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

export function registerMetrics(app: FastifyInstance): void {
  // One registry per api instance: tests build several in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'tessera_http_request_duration_ms',
    help: 'HTTP request duration by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: bucketsMs,
    registers: [registry],
  });
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
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, performance.now() - begin);
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
}
