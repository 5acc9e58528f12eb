// Small HTTP helpers for tests: every call goes over the loopback network like a merchant's would.
//
// Raw HTTP is for what a merchant's typed client would never send or show: bad input (a missing
// field, a string for a number, two body forms at once), the exact error shapes and headers of an
// answer, paths outside the OpenAPI documents (the checkout API of the browser, API v1 at the host
// root). A merchant's journey (sessions, payments, vault, captures, voids and refunds, reads) goes
// through the typed client, api/client, as a merchant would write it: `stack.client(...)`.
export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Polls until `check` returns a value or the bounded deadline passes. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${options.what ?? 'condition'}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/**
 * A client session application, with `overrides` on top: typed, for the typed client, as long as
 * the overrides are valid; a test of bad input may override anything and send it raw.
 */
export function sessionApplication<const O extends object = object>(entityId: string, overrides?: O) {
  return {
    entity_id: entityId,
    amount: 2599,
    currency: 'EUR' as const,
    order: { reference: `order-${Math.random().toString(36).slice(2, 10)}`, net_amount: 2599 },
    shopper_redirection_url: 'https://shop.example/return',
    ...overrides,
  };
}
