// JSON over HTTP for adapters, with the error classification of the retry contract
// (partner.ts): no answer -> PartnerUnavailableError (retryable); 4xx -> PartnerRequestError.
// Request bodies may hold card data: they are never logged nor copied into errors.
import { PartnerRequestError, PartnerUnavailableError, type PartnerCall } from './partner';

export interface PartnerHttpConfig {
  /** e.g. http://127.0.0.1:4010 (no trailing slash needed). */
  baseUrl: string;
  /** Per attempt; the activity's own timeout should be larger. */
  timeoutMs: number;
  /** Extra headers on every call (tests use them for the sandbox's fault injection). */
  headers?: Record<string, string> | undefined;
  fetch?: typeof fetch | undefined;
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
    const doFetch = this.config.fetch ?? fetch;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${this.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      // Reading the body is part of the attempt: a connection cut mid-body is "no answer".
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PartnerUnavailableError(this.partner, call, timedOut ? 'timeout' : 'network', null, {
        cause: error instanceof Error ? new Error(`${error.name}: ${causeMessage(error)}`) : undefined,
      });
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
  const doFetch = client.config.fetch ?? fetch;
  const unavailable = (error: unknown, status: number | null) => {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return new PartnerUnavailableError(
      client.partner,
      call,
      status === null ? (timedOut ? 'timeout' : 'network') : 'http',
      status,
      {
        cause: error instanceof Error ? new Error(`${error.name}: ${causeMessage(error)}`) : undefined,
      },
    );
  };
  let response: Response;
  try {
    response = await doFetch(`${client.config.baseUrl.replace(/\/+$/, '')}${path}`, {
      headers: { accept: 'text/csv', ...client.config.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw unavailable(error, null);
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
  if (!response.body) return;
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    throw unavailable(error, null);
  }
}

function errorCode(json: unknown): string {
  return json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? json.error : '';
}

/** undici hides the socket error in `cause`; keep only names and messages (no request data). */
function causeMessage(error: Error): string {
  const cause = error.cause;
  return cause instanceof Error ? `${error.message} (${cause.name}: ${cause.message})` : error.message;
}
