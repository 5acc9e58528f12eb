import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's well-formed x-request-id (to trace a call across systems), else makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}
