// How Tessera calls out over HTTP (partner adapters, webhook deliveries): node:http and node:https
// with kept-alive connections. The global fetch costs the worker about 0.8 ms of CPU a call more
// (its streams, Headers and abort signals), on the main thread that also runs every workflow's
// local activities: measured with `npm run bench` (scripts/bench/MEASUREMENTS.md).
//
// An attempt is one request and its whole answer, body included, within its timeout. Nothing here
// sends a request twice: every retry is the caller's (for partners, Temporal's, with the call's
// idempotency key: partners/partner.ts). So that a kept-alive connection is seldom one the other
// side has just closed, an idle connection is closed first: before the second its answer announced
// (`Keep-Alive: timeout=N`), else after 4 s, below the 5 s that Node's and many other servers keep
// an idle connection.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, PrivateAddressError, publicAddressLookup } from './outbound-addresses';

export interface TransportRequest {
  method: 'GET' | 'POST';
  headers: Readonly<Record<string, string>>;
  body?: string;
  /** For the whole attempt: connection, answer and body. */
  timeoutMs: number;
  /** Connect to public addresses only (a merchant's webhook: platform/outbound-addresses.ts); else a PrivateAddressError. */
  publicAddressesOnly?: boolean;
}

export interface TransportResponse {
  readonly status: number;
  /** A 2xx status. */
  readonly ok: boolean;
  /** A header of the answer, by its lower-case name. */
  header(name: string): string | undefined;
  /** The whole body as text. */
  text(): Promise<string>;
  /** The body as it arrives, as text (a large download). */
  textChunks(): AsyncIterable<string>;
  /** Reads the body to its end without keeping it, so that the connection serves the next call; never fails. */
  discard(): Promise<void>;
}

/**
 * Sends one attempt. Rejects with a TransportTimeoutError when its time ran out, with another Error
 * when the request could not be sent or the connection failed.
 */
export type HttpTransport = (url: string, request: TransportRequest) => Promise<TransportResponse>;

export class TransportTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

/** How long a connection may wait idle for the next call (Node applies a shorter announced one). */
export const IDLE_CONNECTION_MS = 4_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
} as const;
// Apart, so that a connection opened without the check (to a partner) never serves a call that needs it.
const publicOnlyAgents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS, lookup: publicAddressLookup }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS, lookup: publicAddressLookup }),
} as const;

export const httpTransport: HttpTransport = async (url, request) => {
  const deadline = Date.now() + request.timeoutMs;
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
  const send = protocol === 'https:' ? https.request : http.request;
  // Unlike fetch, node:http decodes no compressed body: a server that sees no Accept-Encoding may
  // compress (RFC 9110), so the request says that only the body as it is will do.
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  // An address written in the url is connected to without a lookup: it is checked here instead.
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (request.publicAddressesOnly && isIP(literal) !== 0 && !isPublicAddress(literal))
    throw new PrivateAddressError(target.hostname, literal);
  const agent = (request.publicAddressesOnly ? publicOnlyAgents : agents)[protocol];

  return new Promise((resolve, reject) => {
    let answer: http.IncomingMessage | undefined;
    const outgoing = send(target, { method: request.method, headers, agent }, (incoming) => {
      answer = incoming;
      incoming.setEncoding('utf8');
      // Its errors reach whoever reads the body; one the reader never meets must not crash the process.
      incoming.on('error', () => {});
      resolve(responseOf(incoming));
    });
    // The timer ends the attempt wherever it stands, reading the body included; the connection
    // goes, so that a late answer can never be read as the next request's.
    const timer = setTimeout(
      () => {
        const timeout = new TransportTimeoutError(request.timeoutMs);
        answer?.destroy(timeout);
        outgoing.destroy(timeout);
      },
      Math.max(0, deadline - Date.now()),
    );
    outgoing.on('close', () => clearTimeout(timer));
    // Once the answer has begun, an error reaches its reader instead.
    outgoing.on('error', (error) => {
      if (!answer) reject(error);
    });
    outgoing.end(request.body);
  });
};

function responseOf(incoming: http.IncomingMessage): TransportResponse {
  const status = incoming.statusCode ?? 0;
  const textChunks = async function* (): AsyncGenerator<string> {
    // An error while the body arrives (the timer's included) ends the iteration with that error.
    for await (const chunk of incoming) yield String(chunk);
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    textChunks,
    discard: async () => {
      try {
        for await (const _chunk of incoming);
      } catch {
        // The body was cut off: nothing was to be kept from it.
      }
    },
    text: async () => {
      let text = '';
      for await (const chunk of textChunks()) text += chunk;
      return text;
    },
  };
}
