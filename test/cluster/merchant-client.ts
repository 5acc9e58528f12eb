// HTTP as a careful merchant and a shopper's browser speak it to the public entry point: every
// attempt bounded in time and recorded, failures retried with backoff under the same idempotency
// key, until a deadline.
export interface Answer {
  /** 0: no answer (refused, reset, timed out). */
  status: number;
  body: any;
  error?: string;
}

export interface Attempt {
  /** ms since the client's start. */
  at: number;
  ms: number;
  method: string;
  path: string;
  status: number;
  error?: string;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

const ATTEMPT_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Exponential from 200 ms, at most 3 s, jittered. */
const backoff = (tries: number) => Math.round(Math.min(3_000, 200 * 1.7 ** tries) * (0.5 + Math.random() / 2));

/** What a client retries: no answer, or the gateway or the service saying it could not serve. */
export const retryable = (answer: Answer) => answer.status === 0 || answer.status >= 500;

export class MerchantClient {
  readonly attempts: Attempt[] = [];
  readonly started = Date.now();
  /** Requests sent and not answered yet. */
  inFlight = 0;

  constructor(private readonly baseUrl: string) {}

  async once(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const at = Date.now();
    let answer: Answer;
    this.inFlight += 1;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON (nginx's own error pages): keep the text
      }
      answer = { status: response.status, body };
    } catch (error) {
      answer = {
        status: 0,
        body: undefined,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      };
    } finally {
      this.inFlight -= 1;
    }
    this.attempts.push({
      at: at - this.started,
      ms: Date.now() - at,
      method,
      path: path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}'),
      status: answer.status,
      ...(answer.error ? { error: answer.error } : {}),
    });
    return answer;
  }

  /** Retries what `retryable` says until an answer that is not, or the deadline (then the last answer). */
  async call(method: string, path: string, options: CallOptions & { deadline: number }): Promise<Answer> {
    let answer = await this.once(method, path, options);
    for (let tries = 0; retryable(answer) && Date.now() < options.deadline; tries += 1) {
      await sleep(backoff(tries));
      answer = await this.once(method, path, options);
    }
    return answer;
  }

  /** Reads until `done` holds, every 300-800 ms, until the deadline. */
  async poll(path: string, done: (body: any) => boolean, options: CallOptions & { deadline: number }): Promise<Answer> {
    for (;;) {
      const answer = await this.once('GET', path, options);
      if (answer.status === 200 && done(answer.body)) return answer;
      if (Date.now() > options.deadline) return answer;
      await sleep(300 + Math.random() * 500);
    }
  }
}

export const failed = (attempt: Attempt) => attempt.status === 0 || attempt.status >= 500;
/** The client gave up waiting (ATTEMPT_TIMEOUT_MS): no one refused or cut the request. */
export const timedOut = (attempt: Attempt) =>
  attempt.status === 0 && attempt.error?.startsWith('TimeoutError') === true;
