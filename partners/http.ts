// JSON over HTTP for adapters, with the error classification of the retry contract
// (partner.ts): no answer -> PartnerUnavailableError (retryable); 4xx -> PartnerRequestError.
// Request bodies may hold card data: they are never logged nor copied into errors.
import { PartnerRequestError, PartnerUnavailableError, type PartnerCall } from './partner';
import { httpTransport, type HttpTransport, type TransportResponse } from '../platform/http-transport';

export interface PartnerHttpConfig {
  /** e.g. http://127.0.0.1:4010 (no trailing slash needed). */
  baseUrl: string;
  /** Per attempt; the activity's own timeout should be larger. */
  timeoutMs: number;
  /** Extra headers on every call (tests use them for the sandbox's fault injection). */
  headers?: Record<string, string> | undefined;
  /** How requests are sent; tests wrap httpTransport to see them. */
  transport?: HttpTransport | undefined;
}

export interface PartnerHttpRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
}

/** Statuses that mean "the partner did not process this or does not know yet": retry. */
function retryableStatus(status: number, code: string): boolean {
  return status >= 500 || status === 408 || status === 429 || (status === 409 && code === 'request_in_progress');
}

export class PartnerHttpClient {
  private readonly baseUrl: string;

  constructor(
    readonly partner: string,
    readonly config: PartnerHttpConfig,
  ) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
  }

  async send<T>(call: PartnerCall, request: PartnerHttpRequest): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.config.headers };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
    const send = this.config.transport ?? httpTransport;

    let response: TransportResponse;
    let text: string;
    try {
      response = await send(`${this.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        timeoutMs: this.config.timeoutMs,
      });
      // Reading the body is part of the attempt: a connection cut mid-body is "no answer".
      text = await response.text();
    } catch (error) {
      throw noAnswer(this.partner, call, error);
    }

    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const code = errorCode(json);
    if (response.ok) {
      // A 2xx without a readable body is as good as no answer: retry, the key makes it safe.
      if (json === undefined || typeof json !== 'object') {
        throw new PartnerUnavailableError(this.partner, call, 'http', response.status);
      }
      return json as T;
    }
    if (retryableStatus(response.status, code)) {
      throw new PartnerUnavailableError(this.partner, call, 'http', response.status);
    }
    const message = json && typeof json === 'object' && 'message' in json ? String(json.message) : '';
    throw new PartnerRequestError(this.partner, call, code || `http_${response.status}`, response.status, message);
  }
}

/**
 * A text download (a settlement file), read as it arrives: the status is checked like `send`'s,
 * and a body cut off midway is "no answer" too. The per-attempt timeout covers the whole download:
 * give a large file a larger one.
 */
export async function* downloadText(
  client: { partner: string; config: PartnerHttpConfig },
  call: PartnerCall,
  path: string,
  options: { timeoutMs: number },
): AsyncGenerator<string> {
  const send = client.config.transport ?? httpTransport;
  let response: TransportResponse;
  try {
    response = await send(`${client.config.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'GET',
      headers: { accept: 'text/csv', ...client.config.headers },
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    throw noAnswer(client.partner, call, error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const code = errorCode(json);
    if (retryableStatus(response.status, code))
      throw new PartnerUnavailableError(client.partner, call, 'http', response.status);
    const message = json && typeof json === 'object' && 'message' in json ? String(json.message) : '';
    throw new PartnerRequestError(client.partner, call, code || `http_${response.status}`, response.status, message);
  }
  try {
    for await (const text of response.textChunks()) if (text) yield text;
  } catch (error) {
    throw noAnswer(client.partner, call, error);
  }
}

/** No answer, or only part of one: the connection failed or the attempt's time ran out. */
export function noAnswer(partner: string, call: PartnerCall, error: unknown): PartnerUnavailableError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new PartnerUnavailableError(partner, call, timedOut ? 'timeout' : 'network', null, {
    cause: error instanceof Error ? new Error(`${error.name}: ${error.message}`) : undefined,
  });
}

function errorCode(json: unknown): string {
  return json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? json.error : '';
}
