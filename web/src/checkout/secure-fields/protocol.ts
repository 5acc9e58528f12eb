// The messages between a merchant's page (the parent) and the secure field frames served from
// Tessera's origin, and between the frames of one card form. Shared by both sides so that neither
// can drift; every message received is checked against these shapes before it is acted on.
//
// Trust, in short:
// - The parent names the frame's expected parent origin in the frame's address. The frame posts a
//   single message to its parent, the handshake, with that origin as targetOrigin (the browser
//   drops it anywhere else) and a MessagePort. From then on, parent and frame talk on that port
//   only: the frame has no window message listener at all, so no other window can command it.
// - The parent accepts the handshake only from Tessera's origin, from the iframe it created, with
//   the random frame id it put in that iframe's address.
// - The frames of one card form (same random group, same origin: Tessera's) meet on a
//   BroadcastChannel, which only Tessera's own origin can open. Card values travel there only when
//   the card number frame collects them to tokenize; the parent never sees them.
import type { DetectedBrand } from '../core/card-input';

export const SECURE_FIELDS_VERSION = '1.0.0';
/** The frame page, below the api_url of widget.data. */
export const SECURE_FIELD_PAGE = '/secure-fields/v1/field.html';

export type SecureFieldKind = 'number' | 'expiry' | 'cvc' | 'holder';
export const SECURE_FIELD_KINDS: readonly SecureFieldKind[] = ['number', 'expiry', 'cvc', 'holder'];
export const isSecureFieldKind = (value: unknown): value is SecureFieldKind =>
  typeof value === 'string' && (SECURE_FIELD_KINDS as readonly string[]).includes(value);

/** What the frame's address carries (in its fragment, so it never reaches a server log). */
export interface FrameAddress {
  field: SecureFieldKind;
  /** The origin of the page allowed to receive the frame's handshake. */
  parentOrigin: string;
  /** The card form the frame belongs to: its frames share a BroadcastChannel. */
  group: string;
  /** Names this frame in the handshake: the parent waits for exactly this one. */
  frameId: string;
}

/** Ids in addresses and messages: letters only, so they never look like card digits in a page. */
const ID = /^[a-z]{16,64}$/;

export function randomId(length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

export function origin(url: string): string {
  return new URL(url).origin;
}

/** Address of a frame: Tessera's frame page with the frame's address in the fragment. */
export function frameUrl(apiUrl: string, address: FrameAddress): string {
  const fragment = new URLSearchParams({
    field: address.field,
    origin: address.parentOrigin,
    group: address.group,
    id: address.frameId,
    v: SECURE_FIELDS_VERSION,
  });
  return `${apiUrl.replace(/\/+$/, '')}${SECURE_FIELD_PAGE}#${fragment.toString()}`;
}

/** The frame's own reading of its address; null when anything is missing or malformed. */
export function parseFrameAddress(hash: string): FrameAddress | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const field = params.get('field');
  const parentOrigin = params.get('origin') ?? '';
  const group = params.get('group') ?? '';
  const frameId = params.get('id') ?? '';
  if (!isSecureFieldKind(field) || !ID.test(group) || !ID.test(frameId)) return null;
  let parsed: URL;
  try {
    parsed = new URL(parentOrigin);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== parentOrigin) return null;
  return { field, parentOrigin, group, frameId };
}

// ── Handshake (frame → parent, window.postMessage, the port transferred) ─────────────────────────

export const HANDSHAKE = 'tessera-secure-field:hello';

export interface Handshake {
  type: typeof HANDSHAKE;
  frameId: string;
  field: SecureFieldKind;
  version: string;
}

export function isHandshake(data: unknown, frameId: string): data is Handshake {
  return isRecord(data) && data.type === HANDSHAKE && data.frameId === frameId && isSecureFieldKind(data.field);
}

// ── Parent → frame, on the port ──────────────────────────────────────────────────────────────────

/** What the parent tells a frame about how to look and what to say; all of it checked by the frame. */
export interface FieldConfiguration {
  /** The entity's publishable key: the card number frame tokenizes with it. */
  publishableKey: string;
  /** Accessible name of the input (the parent's visible label). */
  label: string;
  placeholder?: string;
  /** Allow-listed styles (see style.ts). */
  style?: unknown;
  /** Web fonts to load (see style.ts). */
  fonts?: unknown;
  disabled?: boolean;
  /** The parent page's colour scheme: the frame's must match or the browser paints it opaque. */
  colorScheme?: string;
  /** The shopper's language, for the input's lang. */
  locale?: string;
}

export type Command =
  | { type: 'configure'; configuration: FieldConfiguration }
  | { type: 'focus' }
  | { type: 'blur' }
  | { type: 'clear' }
  /** Show this field's error now (a submit attempt), even before the shopper left it. */
  | { type: 'reveal' }
  /** Number frame only: collect the other fields and tokenize the card at the vault. */
  | { type: 'tokenize'; requestId: string; fields: SecureFieldKind[] };

export function parseCommand(data: unknown): Command | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case 'configure': {
      const configuration = data.configuration;
      if (!isRecord(configuration) || typeof configuration.publishableKey !== 'string') return null;
      if (typeof configuration.label !== 'string') return null;
      return { type: 'configure', configuration: configuration as unknown as FieldConfiguration };
    }
    case 'focus':
    case 'blur':
    case 'clear':
    case 'reveal':
      return { type: data.type };
    case 'tokenize': {
      const fields = data.fields;
      if (typeof data.requestId !== 'string' || !Array.isArray(fields) || !fields.every(isSecureFieldKind)) return null;
      return { type: 'tokenize', requestId: data.requestId, fields };
    }
    default:
      return null;
  }
}

// ── Frame → parent, on the port ──────────────────────────────────────────────────────────────────

/** What a field says about itself: never its value. */
export interface FieldState {
  field: SecureFieldKind;
  empty: boolean;
  /** The shopper typed as much as the field takes (a whole number, MM / YY, every CVC digit). */
  complete: boolean;
  valid: boolean;
  /** The message to show now (after the shopper left the field, or once it is complete). */
  error?: string;
  /** The number's networks (number field only). */
  brands?: DetectedBrand[];
}

export interface Tokenized {
  vault_form_token: string;
  card: { detected_brands: string[]; bin: string; last_four_digits: string };
}

export interface TokenizeFailure {
  code:
    'invalid' | 'refused' | 'unavailable' | 'network' | 'rate_limited' | 'field_missing' | 'timeout' | 'unauthorized';
  message: string;
  /** Fields the vault refused, with the message each shows. */
  fields?: { field: SecureFieldKind; message: string }[];
}

export type FrameEvent =
  | { type: 'ready'; height: number }
  | { type: 'change'; state: FieldState }
  | { type: 'focus' }
  | { type: 'blur'; state: FieldState }
  | { type: 'enter' }
  | { type: 'tokenized'; requestId: string; result: Tokenized }
  | { type: 'tokenize-failed'; requestId: string; failure: TokenizeFailure };

const FRAME_EVENTS = new Set(['ready', 'change', 'focus', 'blur', 'enter', 'tokenized', 'tokenize-failed']);

/**
 * An event of the frame on its port. Only Tessera's frame holds the other end of the port (the
 * handshake checked its origin and window), so the check is of form: a known type, and the field
 * state a change carries.
 */
export function parseFrameEvent(data: unknown): FrameEvent | null {
  if (!isRecord(data) || !FRAME_EVENTS.has(data.type as string)) return null;
  if (
    (data.type === 'change' || data.type === 'blur') &&
    !(isRecord(data.state) && isSecureFieldKind(data.state.field))
  )
    return null;
  return data as unknown as FrameEvent;
}

// ── Between the frames of one form (BroadcastChannel of the group) ───────────────────────────────

export const channelName = (group: string) => `tessera-secure-fields:${group}`;

export type SiblingMessage =
  /** The number frame tells the others the card's networks (the CVC's length depends on them). */
  | { type: 'brands'; brands: DetectedBrand[] }
  /** The number frame asks for the other fields' values, to tokenize. */
  | { type: 'collect'; requestId: string }
  | { type: 'value'; requestId: string; field: SecureFieldKind; value: string; valid: boolean };

export function parseSiblingMessage(data: unknown): SiblingMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === 'brands' && Array.isArray(data.brands)) return data as unknown as SiblingMessage;
  if (data.type === 'collect' && typeof data.requestId === 'string') return data as unknown as SiblingMessage;
  if (
    data.type === 'value' &&
    typeof data.requestId === 'string' &&
    isSecureFieldKind(data.field) &&
    typeof data.value === 'string' &&
    typeof data.valid === 'boolean'
  )
    return data as unknown as SiblingMessage;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
