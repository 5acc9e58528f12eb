// `widget.data` of an EMBEDDED client session: base64 JSON with what the browser checkout needs.
// Existing clients strip the padding (and some pass the URL-safe alphabet): both are accepted.

export interface WidgetData {
  entity_id: string;
  publishable_key: string;
  environment: string;
  /** Origin of the Tessera API the widget talks to, e.g. https://api.tessera.example */
  api_url: string;
  session: { id: string; amount: number; currency: string };
}

/** widget.data that cannot be used: the merchant passed the wrong value. */
export class WidgetDataError extends Error {
  override readonly name = 'WidgetDataError';
}

/** Base64 (standard or URL-safe, padding optional, whitespace ignored) to its UTF-8 text. */
export function decodeBase64Text(input: string): string {
  const compact = input.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new WidgetDataError('widget.data is not base64.');
  const unpadded = compact.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) throw new WidgetDataError('widget.data is not base64 (truncated).');
  const padded = unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new WidgetDataError('widget.data is not UTF-8 text.');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Decodes and checks widget.data; a WidgetDataError names the first thing wrong with it. */
export function decodeWidgetData(data: unknown): WidgetData {
  if (!nonEmpty(data)) throw new WidgetDataError('widget.data is missing: pass the session’s widget.data string.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeBase64Text(data));
  } catch (error) {
    if (error instanceof WidgetDataError) throw error;
    throw new WidgetDataError('widget.data does not hold JSON.');
  }
  if (!isObject(parsed)) throw new WidgetDataError('widget.data does not hold a JSON object.');
  for (const field of ['entity_id', 'publishable_key', 'api_url'] as const) {
    if (!nonEmpty(parsed[field])) throw new WidgetDataError(`widget.data has no ${field}.`);
  }
  const session = parsed.session;
  if (!isObject(session) || !nonEmpty(session.id)) throw new WidgetDataError('widget.data has no session.id.');
  if (!Number.isSafeInteger(session.amount) || typeof session.currency !== 'string')
    throw new WidgetDataError('widget.data has no session amount and currency.');
  let apiUrl: URL;
  try {
    apiUrl = new URL(parsed.api_url as string);
  } catch {
    throw new WidgetDataError('widget.data has an api_url that is not a URL.');
  }
  if (apiUrl.protocol !== 'https:' && apiUrl.protocol !== 'http:')
    throw new WidgetDataError('widget.data has an api_url that is not http(s).');
  return {
    entity_id: parsed.entity_id as string,
    publishable_key: parsed.publishable_key as string,
    environment: typeof parsed.environment === 'string' ? parsed.environment : 'production',
    api_url: apiUrl.origin + apiUrl.pathname.replace(/\/+$/, ''),
    session: { id: session.id as string, amount: session.amount as number, currency: session.currency },
  };
}

/** The inverse, for tests and demos: JSON to base64 without padding (as some servers send it). */
export function encodeWidgetData(data: WidgetData, { padding = true } = {}): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const base64 = btoa(String.fromCharCode(...bytes));
  return padding ? base64 : base64.replace(/=+$/, '');
}
