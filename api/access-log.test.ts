import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessLog } from './access-log';

let app: FastifyInstance;
let lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
  app.get('/v2/things/:id', async () => ({ ok: true }));
  app.get('/metrics', { logLevel: 'warn' }, async () => 'quiet');
  app.get('/broken', async (_request, reply) => {
    reply.raw.destroy(new Error('socket torn down'));
    return reply;
  });
  await app.ready();
});
afterAll(async () => app.close());
beforeEach(() => {
  lines = [];
});

describe('access log', () => {
  it('writes one line a request, with its method, URL, status and duration', async () => {
    const answer = await app.inject({ method: 'GET', url: '/v2/things/42?expand=all' });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/v2/things/42?expand=all' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('writes the line of a refused request with its status', async () => {
    const answer = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(answer.statusCode).toBe(404);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/nowhere' }, res: { statusCode: 404 } });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it("keeps a route's quieter log level", async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('writes an error line when the answer fails on its way out', async () => {
    await app.inject({ method: 'GET', url: '/broken' }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const errored = lines.filter((line) => line.msg === 'request errored');
    expect(errored).toHaveLength(1);
    expect(errored[0]).toMatchObject({
      level: 50,
      req: { method: 'GET', url: '/broken' },
      err: { message: 'socket torn down' },
    });
  });
});
