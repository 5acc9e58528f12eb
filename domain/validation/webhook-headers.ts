// The extra headers a merchant gives a webhook (`webhook.headers` of v2 client sessions and
// payments, the reports webhook): what HTTP lets Tessera send, and which names are Tessera's own.
// The api refuses the rest (the value rule is also the schema's pattern, api/schemas/v2/common.ts,
// so that the OpenAPI documents show it); a delivery leaves out a header stored before these rules
// held (activities/webhooks/deliver.ts), rather than failing every attempt for 3 days.
import { fieldError, pointer, type FieldError } from './field-error';

export interface WebhookHeaderInput {
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * A header value Node's HTTP client (and fetch) sends: horizontal tab, space, visible ASCII and the
 * Latin-1 characters U+00A0–U+00FF. Refused: CR and LF (a value must not start another header
 * line), NUL, DEL and every other C0 or C1 control character, and anything beyond U+00FF (a header
 * line is bytes). The same string is the JSON Schema `pattern` of the value.
 */
export const WEBHOOK_HEADER_VALUE_PATTERN = '^[\\t\\x20-\\x7E\\xA0-\\xFF]*$';

/** What a value breaking {@link WEBHOOK_HEADER_VALUE_PATTERN} is told (api/errors/validation.ts uses it for the schema's error too). */
export const WEBHOOK_HEADER_VALUE_RULE =
  'must hold only printable characters (up to U+00FF) and tabs: no CR, LF, NUL or other control character';

/** RFC 9110 token: what the schema's name pattern admits. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = new RegExp(WEBHOOK_HEADER_VALUE_PATTERN, 'u');

/** Headers of the connection and of the message's framing, which Tessera's HTTP client decides. */
const CONNECTION_HEADERS: readonly string[] = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
];

/** Headers Tessera sets on every delivery itself: what the body is and who sends it. */
const TESSERA_HEADERS: readonly string[] = ['content-type', 'content-encoding', 'accept-encoding', 'user-agent'];

/** Whole families: proxies' headers, and Tessera's signature, event id, event type and attempt. */
const RESERVED_PREFIXES: readonly string[] = ['proxy-', 'tessera-'];

/** Every name a merchant may not set (case-insensitive), then the prefixes; for the docs and the schema's description. */
export const RESERVED_WEBHOOK_HEADER_NAMES: readonly string[] = [...CONNECTION_HEADERS, ...TESSERA_HEADERS];
export const RESERVED_WEBHOOK_HEADER_PREFIXES: readonly string[] = RESERVED_PREFIXES;

/** Why a merchant may not set the header `name` (any case); undefined when it may. */
export function reservedWebhookHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (CONNECTION_HEADERS.includes(lower))
    return `cannot be "${lower}": a header of the HTTP connection, which Tessera manages`;
  if (TESSERA_HEADERS.includes(lower)) return `cannot be "${lower}": Tessera sets it on every delivery`;
  if (lower.startsWith('proxy-')) return 'cannot start with "proxy-": headers for proxies are not the merchant’s';
  if (lower.startsWith('tessera-'))
    return 'cannot start with "tessera-": Tessera’s own headers (signature, event id and type, attempt)';
  return undefined;
}

/** True when HTTP lets the value be sent as it is (see {@link WEBHOOK_HEADER_VALUE_PATTERN}). */
export function isSendableHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

/**
 * The rules above for a webhook's `headers`, at `at` (e.g. "/webhook/headers"): a reserved or
 * repeated name at `<at>/<i>/name`, an unsendable value at `<at>/<i>/values/<j>`. Returns every
 * error found.
 */
export function validateWebhookHeaders(headers: readonly WebhookHeaderInput[] | undefined, at: string): FieldError[] {
  const errors: FieldError[] = [];
  /** Where each name (any case) came first: a delivery sends one line per name, so a second would be lost. */
  const firstAt = new Map<string, number>();
  (headers ?? []).forEach((header, i) => {
    const reserved = reservedWebhookHeaderReason(header.name);
    if (reserved) errors.push(fieldError(pointer(at, i, 'name'), reserved));
    const lower = header.name.toLowerCase();
    const first = firstAt.get(lower);
    if (first === undefined) firstAt.set(lower, i);
    else
      errors.push(
        fieldError(
          pointer(at, i, 'name'),
          `repeats the header of ${pointer(at, first, 'name')} (names are compared without regard to case): give all its values in one entry`,
        ),
      );
    header.values.forEach((value, j) => {
      if (!isSendableHeaderValue(value))
        errors.push(fieldError(pointer(at, i, 'values', j), WEBHOOK_HEADER_VALUE_RULE));
    });
  });
  return errors;
}

/**
 * Why a stored header cannot go out with a delivery, or undefined when it can. The reason names
 * what is wrong and never quotes the value: a value may be a credential.
 */
export function unsendableWebhookHeaderReason(header: WebhookHeaderInput): string | undefined {
  if (!HEADER_NAME.test(header.name)) return 'its name is not an HTTP token';
  const reserved = reservedWebhookHeaderReason(header.name);
  if (reserved) return `its name ${reserved}`;
  const bad = header.values.findIndex((value) => !isSendableHeaderValue(value));
  if (bad >= 0)
    return `its value ${bad + 1} holds a character HTTP does not allow (CR, LF, NUL, control or beyond U+00FF)`;
  return undefined;
}
