// The parent side of the secure fields: mounts one iframe per field (served from Tessera's origin),
// completes each frame's handshake with exact origin checks, then talks to it on its own
// MessagePort. It never sees a card value: only states, events, and the vault's token.
import { createListeners } from '../core/listeners';
import { TesseraCheckoutError, type ErrorCode } from '../headless/errors';
import {
  frameUrl,
  isHandshake,
  origin,
  parseFrameEvent,
  randomId,
  type Command,
  type FieldConfiguration,
  type FrameEvent,
  type SecureFieldKind,
  type TokenizeFailure,
} from './protocol';
import type {
  CardBrand,
  CardTokenization,
  MountFieldOptions,
  SecureField,
  SecureFieldName,
  SecureFields,
  SecureFieldsEventMap,
  SecureFieldsOptions,
  SecureFieldState,
  SecureFieldStyle,
  SecureFieldFont,
} from './secure-fields-api';

/** The inputs' accessible names unless the page gives its own (the widget shows the same as labels). */
export const SECURE_FIELD_LABELS: Record<SecureFieldName, string> = {
  number: 'Card number',
  expiry: 'Expiry date',
  cvc: 'Security code',
  holder: 'Name on card',
};
const REQUIRED: readonly SecureFieldName[] = ['number', 'expiry', 'cvc'];
/** A frame that has not said hello by then is reported (blocked by a policy, offline...). */
const HANDSHAKE_TIMEOUT_MS = 15_000;
const TOKENIZE_TIMEOUT_MS = 60_000;
const DESTROYED = 'These secure fields were destroyed.';
const DEFAULT_HEIGHT_PX = 24;

interface Mounted {
  name: SecureFieldName;
  container: Element;
  frame: HTMLIFrameElement;
  frameId: string;
  port: MessagePort | undefined;
  /** Commands sent before the handshake, delivered once the port exists. */
  queue: Command[];
  options: MountFieldOptions;
  ready: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  handle: SecureField;
}

const FAILURE_CODES: Record<TokenizeFailure['code'], ErrorCode> = {
  invalid: 'card_invalid',
  refused: 'card_refused',
  unavailable: 'unavailable',
  network: 'network',
  rate_limited: 'rate_limited',
  field_missing: 'card_fields_missing',
  timeout: 'unavailable',
  unauthorized: 'unauthorized',
};

/**
 * Checks a page's style and fonts before they are sent, throwing a developer error (see
 * ./style-check.ts). The frames check them again whatever the parent did; the widget, whose style
 * is Tessera's own, goes without.
 */
export type StyleInspector = (style: unknown, fonts: unknown, tesseraOrigin: string) => void;

export function createSecureFields(options: SecureFieldsOptions, inspect?: StyleInspector): SecureFields {
  if (!options || typeof options.apiUrl !== 'string' || typeof options.publishableKey !== 'string')
    throw new TesseraCheckoutError('invalid_options', 'Secure fields need an apiUrl and a publishableKey.');
  let tesseraOrigin: string;
  try {
    tesseraOrigin = origin(options.apiUrl);
  } catch (cause) {
    throw new TesseraCheckoutError('invalid_options', `apiUrl is not a URL: ${options.apiUrl}`, { cause });
  }
  const parentOrigin = window.location.origin;
  if (!/^https?:\/\//.test(parentOrigin))
    throw new TesseraCheckoutError('invalid_options', 'Secure fields need a page served over http(s).');
  const apiUrl = options.apiUrl;
  const group = randomId();
  let style: SecureFieldStyle | undefined = options.style;
  let fonts: SecureFieldFont[] | undefined = options.fonts;
  let disabled = false;
  checked(style, fonts);

  const listeners = createListeners<SecureFieldsEventMap>();
  const fields = new Map<SecureFieldName, Mounted>();
  const states: Partial<Record<SecureFieldName, SecureFieldState>> = {};
  const tokenizations = new Map<
    string,
    { resolve(value: CardTokenization): void; reject(error: unknown): void; timer: ReturnType<typeof setTimeout> }
  >();
  let brands: CardBrand[] = [];
  let formValid = false;
  let destroyed = false;

  function checked(nextStyle: unknown, nextFonts: unknown): void {
    inspect?.(nextStyle, nextFonts, tesseraOrigin);
  }

  const emit = listeners.emit;

  const send = (mounted: Mounted, command: Command) => {
    if (mounted.port) mounted.port.postMessage(command);
    else mounted.queue.push(command);
  };

  const configurationOf = (mounted: Mounted): FieldConfiguration => ({
    publishableKey: options.publishableKey,
    label: mounted.options.label ?? SECURE_FIELD_LABELS[mounted.name],
    ...(mounted.options.placeholder !== undefined ? { placeholder: mounted.options.placeholder } : {}),
    ...(style !== undefined ? { style } : {}),
    ...(fonts !== undefined ? { fonts } : {}),
    disabled: disabled || mounted.options.disabled === true,
    colorScheme: options.colorScheme ?? (getComputedStyle(mounted.container).colorScheme || 'normal'),
    locale: options.locale ?? (document.documentElement.lang || navigator.language),
  });

  const updateForm = () => {
    const mounted = [...fields.keys()];
    const valid = REQUIRED.every((name) => fields.has(name)) && mounted.every((name) => states[name]?.valid === true);
    if (valid !== formValid) {
      formValid = valid;
      emit('formValid', { valid });
    }
  };

  const onFrameEvent = (mounted: Mounted, event: FrameEvent) => {
    switch (event.type) {
      case 'ready':
        mounted.frame.style.height = `${event.height || DEFAULT_HEIGHT_PX}px`;
        if (!mounted.ready) {
          mounted.ready = true;
          emit('ready', { field: mounted.name });
        }
        return;
      case 'change':
      case 'blur': {
        const state = event.state as SecureFieldState;
        if (state.field !== mounted.name) return;
        states[mounted.name] = state;
        if (mounted.name === 'number') {
          const next = (state.brands ?? []) as CardBrand[];
          if (next.join() !== brands.join()) {
            brands = next;
            emit('brandDetected', { brands: [...next], coBadged: next.length > 1 });
          }
        }
        emit(event.type, state);
        updateForm();
        return;
      }
      case 'focus':
        emit('focus', { field: mounted.name });
        return;
      case 'enter':
        emit('submit', { field: mounted.name });
        return;
      case 'tokenized': {
        const waiting = tokenizations.get(event.requestId);
        tokenizations.delete(event.requestId);
        clearTimeout(waiting?.timer);
        // The frame sent the vault's token and the card's summary only (frame/vault-call.ts).
        waiting?.resolve(event.result as CardTokenization);
        return;
      }
      case 'tokenize-failed': {
        const waiting = tokenizations.get(event.requestId);
        tokenizations.delete(event.requestId);
        clearTimeout(waiting?.timer);
        const failure = event.failure;
        const code: ErrorCode = FAILURE_CODES[failure.code] ?? 'unavailable';
        const names = (failure.fields ?? []).map((field) => field.field);
        for (const field of failure.fields ?? []) {
          if (failure.code !== 'refused') continue;
          // The vault's refusal shows on its field as any other error.
          const state = states[field.field];
          if (state) {
            states[field.field] = { ...state, valid: false, error: field.message };
            emit('change', states[field.field]!);
          }
        }
        if (code !== 'card_invalid') updateForm();
        const error = new TesseraCheckoutError(code, failure.message, { apiUrl, fields: names });
        emit('error', { code, message: failure.message, ...(names.length > 0 ? { fields: names } : {}) });
        waiting?.reject(error);
        return;
      }
    }
  };

  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin !== tesseraOrigin) return;
    for (const mounted of fields.values()) {
      if (mounted.port || event.source !== mounted.frame.contentWindow) continue;
      if (!isHandshake(event.data, mounted.frameId) || event.data.field !== mounted.name) return;
      const port = event.ports[0];
      if (!port) return;
      clearTimeout(mounted.timer);
      mounted.port = port;
      port.onmessage = (message: MessageEvent) => {
        const parsed = parseFrameEvent(message.data);
        if (parsed) onFrameEvent(mounted, parsed);
      };
      send(mounted, { type: 'configure', configuration: configurationOf(mounted) });
      for (const command of mounted.queue.splice(0)) port.postMessage(command);
      return;
    }
  };
  window.addEventListener('message', onWindowMessage);

  const alive = () => {
    if (destroyed) throw new TesseraCheckoutError('destroyed', DESTROYED, { apiUrl });
  };

  const focusField = (name: SecureFieldName) => {
    const mounted = fields.get(name);
    if (!mounted) return;
    // Focusing the iframe moves focus into its document, where the frame focuses its input.
    mounted.frame.focus();
    send(mounted, { type: 'focus' });
  };

  const api: SecureFields = {
    mount(name, target, mountOptions = {}) {
      alive();
      fields.get(name)?.handle.unmount();
      const container = target as Element;
      const frameId = randomId();
      const frame = document.createElement('iframe');
      const label = mountOptions.label ?? SECURE_FIELD_LABELS[name];
      frame.title = `Secure input: ${label}`;
      // The page's CSSOM, not a style attribute: a page whose policy forbids inline styles allows it.
      // The frame inherits the container's color-scheme, which its document is told to match.
      frame.style.cssText = `display:block;width:100%;height:${DEFAULT_HEIGHT_PX}px;border:0;margin:0;padding:0;background:transparent`;
      frame.src = frameUrl(apiUrl, { field: name as SecureFieldKind, parentOrigin, group, frameId });
      const handle: SecureField = {
        name,
        frame,
        focus: () => focusField(name),
        blur: () => send(mounted, { type: 'blur' }),
        clear: () => send(mounted, { type: 'clear' }),
        unmount: () => {
          clearTimeout(mounted.timer);
          mounted.port?.close();
          frame.remove();
          fields.delete(name);
          delete states[name];
          container.removeEventListener('click', onContainerClick);
          updateForm();
        },
      };
      const mounted: Mounted = {
        name,
        container,
        frame,
        frameId,
        port: undefined,
        queue: [],
        options: mountOptions,
        ready: false,
        timer: undefined,
        handle,
      };
      // A click on the container's padding (outside the frame) focuses the input, as a label would.
      const onContainerClick = (event: Event) => {
        if (event.target === container) focusField(name);
      };
      container.addEventListener('click', onContainerClick);
      fields.set(name, mounted);
      mounted.timer = setTimeout(() => {
        if (mounted.port || destroyed) return;
        emit('error', {
          code: 'frame_unavailable',
          message: `The ${name} field could not be loaded from ${tesseraOrigin}.`,
          fields: [name],
        });
      }, HANDSHAKE_TIMEOUT_MS);
      container.appendChild(frame);
      updateForm();
      return handle;
    },
    on: listeners.on,
    off: listeners.off,
    get states() {
      return { ...states };
    },
    get valid() {
      return formValid;
    },
    get brands() {
      return [...brands];
    },
    focus: focusField,
    validate() {
      for (const mounted of fields.values()) send(mounted, { type: 'reveal' });
      return formValid;
    },
    async tokenize() {
      alive();
      const missing = REQUIRED.filter((name) => !fields.get(name)?.port);
      if (missing.length > 0)
        throw new TesseraCheckoutError(
          'card_fields_missing',
          `Mount the card fields first (not loaded: ${missing.join(', ')}).`,
          { apiUrl, fields: missing },
        );
      for (const mounted of fields.values()) send(mounted, { type: 'reveal' });
      const invalid = [...fields.keys()].filter((name) => states[name]?.valid !== true);
      if (invalid.length > 0) {
        const error = new TesseraCheckoutError('card_invalid', 'The card is not complete or not valid.', {
          apiUrl,
          fields: invalid,
        });
        emit('error', { code: error.code, message: error.message, fields: invalid });
        throw error;
      }
      const requestId = randomId();
      return new Promise<CardTokenization>((resolve, reject) => {
        const timer = setTimeout(() => {
          tokenizations.delete(requestId);
          reject(new TesseraCheckoutError('unavailable', 'The card could not be tokenized in time.', { apiUrl }));
        }, TOKENIZE_TIMEOUT_MS);
        tokenizations.set(requestId, { resolve, reject, timer });
        send(fields.get('number')!, { type: 'tokenize', requestId, fields: [...fields.keys()] });
      });
    },
    clear() {
      for (const mounted of fields.values()) send(mounted, { type: 'clear' });
    },
    update(next) {
      alive();
      const nextStyle = next.style ?? style;
      const nextFonts = next.fonts ?? fonts;
      checked(nextStyle, nextFonts);
      style = nextStyle;
      fonts = nextFonts;
      if (next.disabled !== undefined) disabled = next.disabled;
      for (const mounted of fields.values())
        send(mounted, { type: 'configure', configuration: configurationOf(mounted) });
    },
    destroy() {
      if (destroyed) return;
      for (const mounted of [...fields.values()]) mounted.handle.unmount();
      destroyed = true;
      window.removeEventListener('message', onWindowMessage);
      for (const waiting of tokenizations.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(new TesseraCheckoutError('destroyed', DESTROYED, { apiUrl }));
      }
      tokenizations.clear();
      listeners.clear();
    },
  };
  return api;
}
