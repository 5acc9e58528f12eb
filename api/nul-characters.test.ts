import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { nulCharacterPointers, refuseNulCharacters } from './nul-characters';

describe('nulCharacterPointers', () => {
  it('points at every string holding a NUL, keys included, as JSON pointers', () => {
    expect(nulCharacterPointers({ a: 'x\u0000', b: ['ok', { 'c/d': '\u0000' }], ['e\u0000']: 1, f: 2 }, '')).toEqual([
      '/a',
      '/b/1/c~1d',
      '/e\\u0000',
    ]);
    expect(nulCharacterPointers({ a: 'clean', n: 1, z: null })).toEqual([]);
  });
});

describe('refuseNulCharacters', () => {
  it('answers 400 naming the field before the route sees a NUL in its body, parameters or query', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    refuseNulCharacters(app);
    let reached = 0;
    app.post('/v2/things/:id', async () => ({ reached: ++reached }));

    const body = await app.inject({ method: 'POST', url: '/v2/things/1', payload: { name: 'a\u0000b' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      errors: [{ pointer: '/name', detail: 'must not contain the NUL character (U+0000)' }],
    });
    const path = await app.inject({ method: 'POST', url: '/v2/things/a%00?q=%00', payload: {} });
    expect(path.json().errors.map((error: { pointer: string }) => error.pointer)).toEqual([
      '/params/id',
      '/querystring/q',
    ]);
    expect(reached).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/v2/things/1', payload: { name: 'ab' } })).statusCode).toBe(200);
    await app.close();
  });
});
