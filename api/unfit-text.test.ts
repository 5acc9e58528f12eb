import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { MAX_NESTING_DEPTH, nulCharacterPointers, refuseUnfitText, unfitText } from './unfit-text';

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

/** `depth` arrays, one inside the other, around `inner`. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('unfitText', () => {
  it('walks as deep as MAX_NESTING_DEPTH, and names where a deeper value starts', () => {
    expect(unfitText({ a: nested(MAX_NESTING_DEPTH - 1, 'x\u0000') })).toEqual({
      nulPointers: [`/a${'/0'.repeat(MAX_NESTING_DEPTH - 1)}`],
      loneSurrogatePointers: [],
      tooDeepAt: undefined,
    });
    expect(unfitText({ a: nested(MAX_NESTING_DEPTH, 1) }).tooDeepAt).toBe(`/a${'/0'.repeat(MAX_NESTING_DEPTH - 1)}`);
  });

  it('walks a hundred thousand levels without exhausting the stack', () => {
    expect(unfitText(nested(100_000, 'x')).tooDeepAt).toBe('/0'.repeat(MAX_NESTING_DEPTH));
  });
});

describe('refuseUnfitText', () => {
  it('answers 400 naming the field before the route sees a NUL in its body, parameters or query', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    refuseUnfitText(app);
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

    const deep = await app.inject({
      method: 'POST',
      url: '/v2/things/1',
      headers: { 'content-type': 'application/json' },
      payload: `{"amount":1,"x":${'['.repeat(3_000)}${']'.repeat(3_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      detail: `the request nests deeper than ${MAX_NESTING_DEPTH} levels`,
      errors: [{ pointer: `/x${'/0'.repeat(MAX_NESTING_DEPTH - 1)}` }],
    });
    expect(reached).toBe(1);
    await app.close();
  });

  it('answers 400 naming the field where a string or a key holds a lone UTF-16 surrogate', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    refuseUnfitText(app);
    let reached = 0;
    app.post('/v2/things/:id', async () => ({ reached: ++reached }));
    const send = (url: string, payload: string) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

    const body = await send('/v2/things/1', '{"owner":"a\\ud800","\\udc00key":1,"pair":"\\ud83c\\udf89"}');
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      detail: 'the request contains text that is not Unicode',
      errors: [
        { pointer: '/owner', detail: expect.stringContaining('lone UTF-16 surrogate') },
        { pointer: '/\ufffdkey' },
      ],
    });
    expect(body.json().errors).toHaveLength(2);
    // A pair is text (U+1F389), and so is U+FFFD itself.
    expect((await send('/v2/things/1', '{"pair":"\\ud83c\\udf89","r":"\\ufffd"}')).statusCode).toBe(200);
    expect(reached).toBe(1);
    await app.close();
  });
});
