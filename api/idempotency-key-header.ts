// Tessera's idempotency header is x-idempotency-key, as its specification names it. Clients
// written for other payment APIs, and the IETF's draft of a standard header, send Idempotency-Key;
// ignoring it would turn their safe retry of a payment into a second payment. So every route reads
// the standard name as its own header. Both sent with different values is refused, since either
// reading could be the wrong one.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors/problem';

export const TESSERA_IDEMPOTENCY_HEADER = 'x-idempotency-key';
export const STANDARD_IDEMPOTENCY_HEADER = 'idempotency-key';

export function readStandardIdempotencyHeader(app: FastifyInstance): void {
  // onRequest, before any route's own hooks and the validation of its headers.
  app.addHook('onRequest', async (request) => {
    const standard = request.headers[STANDARD_IDEMPOTENCY_HEADER];
    if (standard === undefined) return;
    const own = request.headers[TESSERA_IDEMPOTENCY_HEADER];
    if (own === undefined) {
      request.headers[TESSERA_IDEMPOTENCY_HEADER] = standard;
      return;
    }
    if (String(own) !== String(standard))
      throw badRequest('Idempotency-Key and x-idempotency-key hold different keys: send one of them', [
        { pointer: '/headers/idempotency-key', detail: 'differs from x-idempotency-key' },
      ]);
  });
}
