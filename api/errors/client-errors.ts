// A request that Node's HTTP parser refuses never reaches Fastify's routes or error handler: a
// header section over its size limit (431), bytes that are not HTTP (400), headers that took too long
// (408). Fastify answers those in a shape of its own; this answers them in the API's, chosen by the
// path read from the bytes that did arrive, with a request id, like every other refusal.
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { MAX_HEADER_BYTES } from '../http-limits';
import { apiErrorBody } from './api-error';
import { errorShapeOf } from './error-handler';
import { problemBody } from './problem';
import { reasonPhrase } from './reason-phrases';

interface ParserError extends Error {
  code?: string;
  /** The bytes the parser had read when it gave up: a Buffer, when Node keeps them. */
  rawPacket?: unknown;
}

const REQUEST_LINE = /^[A-Z]+ (\/[^\s?#]*)/;

/** The path of the request line among the bytes received, or "/" when there is none to read. */
export function pathOfRawRequest(raw: unknown): string {
  const start = Buffer.isBuffer(raw) ? raw.subarray(0, 8192).toString('latin1') : '';
  return REQUEST_LINE.exec(start)?.[1] ?? '/';
}

function refusalOf(error: ParserError): { status: number; code: string; detail: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: 'request_header_fields_too_large',
      detail: `the request headers are too large: send at most ${MAX_HEADER_BYTES / 1024} KiB of headers`,
    };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'request_timeout', detail: 'the request took too long to arrive' };
  return { status: 400, code: 'invalid_request', detail: 'the request is not valid HTTP/1.1' };
}

/** The whole answer, status line to body, for a request the parser refused. */
export function clientErrorAnswer(error: ParserError, requestId: string): string {
  const path = pathOfRawRequest(error.rawPacket);
  const refusal = refusalOf(error);
  const shape = errorShapeOf(path, undefined);
  const body = JSON.stringify(
    shape === 'problem'
      ? problemBody({ ...refusal, instance: path, requestId })
      : apiErrorBody({ status: refusal.status, message: refusal.detail, requestId, path }),
  );
  const type = shape === 'problem' ? 'application/problem+json' : 'application/json';
  return [
    `HTTP/1.1 ${refusal.status} ${reasonPhrase(refusal.status)}`,
    `content-type: ${type}; charset=utf-8`,
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler`. */
export function answerClientError(error: ParserError, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(clientErrorAnswer(error, randomUUID()));
  socket.destroy(error);
}
