// A UUID is one value whatever the case of its hex digits (RFC 9562), and clients that keep ids
// upper case exist. Every id Tessera makes is lower case, and so are the workflow ids, keys and
// columns they are looked up by: a path's UUIDs are read in lower case, so that an id sent upper
// case finds its resource rather than a 404.
import type { FastifyInstance } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readPathUuidsInLowerCase(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const params = request.params;
    if (typeof params !== 'object' || params === null) return;
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string' && UUID.test(value)) Reflect.set(params, name, value.toLowerCase());
    }
  });
}
