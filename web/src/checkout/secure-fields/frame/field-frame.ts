// The secure field frame: one input of a card form (number, expiry, CVC or holder name) on
// Tessera's origin, inside a merchant's page. Served as /secure-fields/v1/field.html with this
// script (field.js): no framework, no third-party code. What the shopper types stays in this
// document; the parent hears only states and, from the number frame, the vault's token.
// See ../protocol.ts for who may talk to whom.
import type { DetectedBrand } from '../../core/card-input';
import { cardSummaryOf, tokenizeCard, type CardValuesToVault } from './vault-call';
import { caretAfterFormat, FIELD_INPUTS, fieldState, formatField } from '../field-rules';
import {
  channelName,
  HANDSHAKE,
  parseCommand,
  parseFrameAddress,
  parseSiblingMessage,
  randomId,
  SECURE_FIELDS_VERSION,
  type Command,
  type FieldConfiguration,
  type FieldState,
  type FrameEvent,
  type SecureFieldKind,
  type SiblingMessage,
} from '../protocol';
import { ALLOWED_FONT_ORIGINS, checkStyle, isColorScheme, STATE_SELECTORS, STYLE_PROPERTIES } from '../style';

const DEFAULT_LABELS: Record<SecureFieldKind, string> = {
  number: 'Card number',
  expiry: 'Expiry date',
  cvc: 'Security code',
  holder: 'Name on card',
};
/** How long the number frame waits for the other fields' values. */
const COLLECT_TIMEOUT_MS = 3_000;

function start(): void {
  const input = document.getElementById('field') as HTMLInputElement | null;
  const errorText = document.getElementById('field-error');
  const address = parseFrameAddress(location.hash);
  if (!input || !errorText || !address || window.parent === window) return;
  // Where the browser says who the parent is (Chromium, Safari), it must be the origin the frame
  // was given: a page of another origin framing this one gets a dead input.
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== address.parentOrigin) return;

  const field = address.field;
  const spec = FIELD_INPUTS[field];
  input.setAttribute('autocomplete', spec.autocomplete);
  input.inputMode = spec.inputMode;
  input.name = spec.name;
  input.placeholder = spec.placeholder;
  input.setAttribute('aria-label', DEFAULT_LABELS[field]);
  input.setAttribute('aria-describedby', errorText.id);

  let configuration: FieldConfiguration | undefined;
  let brands: DetectedBrand[] = [];
  let touched = false;
  let lastSent = '';
  const channel = new BroadcastChannel(channelName(address.group));
  const { port1, port2 } = new MessageChannel();
  const send = (event: FrameEvent) => port1.postMessage(event);

  const stateNow = (): FieldState => fieldState(field, input.value, { brands, now: new Date(), touched });
  const publish = (force = false) => {
    const state = stateNow();
    input.setAttribute('aria-invalid', state.error ? 'true' : 'false');
    input.dataset.complete = String(state.complete && state.valid);
    errorText.textContent = state.error ?? '';
    const key = JSON.stringify(state);
    if (!force && key === lastSent) return state;
    lastSent = key;
    if (field === 'number' && JSON.stringify(state.brands) !== JSON.stringify(brands)) {
      brands = state.brands ?? [];
      channel.postMessage({ type: 'brands', brands } satisfies SiblingMessage);
    }
    send({ type: 'change', state });
    return state;
  };

  input.addEventListener('input', (event) => {
    const typed = input.value;
    const deleting = ((event as InputEvent).inputType ?? '').startsWith('delete');
    const formatted = formatField(field, typed, deleting, brands);
    if (formatted !== typed) {
      const caret = caretAfterFormat(field, typed, input.selectionStart ?? typed.length, formatted);
      input.value = formatted;
      input.setSelectionRange(caret, caret);
    }
    publish();
  });
  input.addEventListener('focus', () => send({ type: 'focus' }));
  input.addEventListener('blur', () => {
    touched = input.value.length > 0 || touched;
    const state = publish();
    send({ type: 'blur', state });
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      touched = true;
      publish();
      send({ type: 'enter' });
    }
  });
  // A focus given to the frame itself (the parent focusing the iframe element) goes to the input.
  window.addEventListener('focus', () => {
    if (document.activeElement !== input) input.focus();
  });

  // ── The other frames of the form ──
  const pending = new Map<string, (message: Extract<SiblingMessage, { type: 'value' }>) => void>();
  channel.addEventListener('message', (event: MessageEvent) => {
    const message = parseSiblingMessage(event.data);
    if (!message) return;
    if (message.type === 'brands' && field !== 'number') {
      brands = message.brands.filter((brand): brand is DetectedBrand => typeof brand === 'string');
      const formatted = formatField(field, input.value, false, brands);
      if (formatted !== input.value) input.value = formatted;
      publish();
    } else if (message.type === 'collect' && field !== 'number') {
      const state = stateNow();
      channel.postMessage({
        type: 'value',
        requestId: message.requestId,
        field,
        value: input.value,
        valid: state.valid,
      } satisfies SiblingMessage);
    } else if (message.type === 'value' && field === 'number') {
      pending.get(message.requestId)?.(message);
    }
  });

  const collect = (fields: SecureFieldKind[]) =>
    new Promise<Partial<Record<SecureFieldKind, { value: string; valid: boolean }>> | null>((resolve) => {
      const requestId = randomId();
      const wanted = new Set<SecureFieldKind>(fields.filter((other) => other !== 'number'));
      const found: Partial<Record<SecureFieldKind, { value: string; valid: boolean }>> = {};
      const finish = (result: typeof found | null) => {
        clearTimeout(timer);
        pending.delete(requestId);
        resolve(result);
      };
      const timer = setTimeout(() => finish(null), COLLECT_TIMEOUT_MS);
      pending.set(requestId, (message) => {
        if (!wanted.has(message.field)) return;
        found[message.field] = { value: message.value, valid: message.valid };
        wanted.delete(message.field);
        if (wanted.size === 0) finish(found);
      });
      if (wanted.size === 0) finish(found);
      else channel.postMessage({ type: 'collect', requestId } satisfies SiblingMessage);
    });

  const tokenize = async (requestId: string, fields: SecureFieldKind[]) => {
    const fail = (failure: Extract<FrameEvent, { type: 'tokenize-failed' }>['failure']) =>
      send({ type: 'tokenize-failed', requestId, failure });
    if (field !== 'number') return fail({ code: 'invalid', message: 'Only the card number field tokenizes.' });
    if (!configuration) return fail({ code: 'field_missing', message: 'The card number field is not configured.' });
    touched = true;
    const own = publish();
    const others = await collect(fields);
    if (!others) return fail({ code: 'field_missing', message: 'A card field did not answer: is it mounted?' });
    const invalid = [own, ...Object.entries(others).map(([name, other]) => ({ field: name, valid: other.valid }))]
      .filter((state) => !state.valid)
      .map((state) => state.field as SecureFieldKind);
    if (invalid.length > 0)
      return fail({
        code: 'invalid',
        message: 'The card is not complete.',
        fields: invalid.map((name) => ({ field: name, message: '' })),
      });
    const values: CardValuesToVault = {
      number: input.value,
      expiry: others.expiry?.value ?? '',
      cvc: others.cvc?.value ?? '',
      holder: others.holder?.value ?? '',
    };
    const answer = await tokenizeCard(location, configuration.publishableKey, values);
    if (answer.ok) send({ type: 'tokenized', requestId, result: cardSummaryOf(answer.body) });
    else fail(answer.failure);
  };

  const configure = async (next: FieldConfiguration) => {
    configuration = next;
    input.setAttribute('aria-label', next.label.slice(0, 100) || DEFAULT_LABELS[field]);
    if (typeof next.placeholder === 'string') input.placeholder = next.placeholder.slice(0, 60);
    input.disabled = next.disabled === true;
    if (typeof next.locale === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(next.locale))
      document.documentElement.lang = next.locale;
    document.documentElement.style.colorScheme = isColorScheme(next.colorScheme) ? next.colorScheme : 'normal';
    const checked = checkStyle(next.style, next.fonts, [location.origin, ...ALLOWED_FONT_ORIGINS]);
    applyStyle(checked.style);
    await loadFonts(checked.fonts);
    send({ type: 'ready', height: Math.ceil(input.getBoundingClientRect().height) });
  };

  port1.addEventListener('message', (event: MessageEvent) => {
    const command: Command | null = parseCommand(event.data);
    if (!command) return;
    switch (command.type) {
      case 'configure':
        void configure(command.configuration);
        return;
      case 'focus':
        input.focus();
        return;
      case 'blur':
        input.blur();
        return;
      case 'clear':
        input.value = '';
        touched = false;
        publish(true);
        return;
      case 'reveal':
        touched = true;
        publish(true);
        return;
      case 'tokenize':
        void tokenize(command.requestId, command.fields);
        return;
    }
  });
  port1.start();
  input.disabled = false;
  // The one message on the window: to the parent origin named in the address, with the port.
  window.parent.postMessage(
    { type: HANDSHAKE, frameId: address.frameId, field, version: SECURE_FIELDS_VERSION },
    address.parentOrigin,
    [port2],
  );
}

let sheet: CSSStyleSheet | undefined;

/** The allow-listed declarations, set one by one on rules with fixed selectors (no text parsed). */
function applyStyle(style: ReturnType<typeof checkStyle>['style']): void {
  sheet ??= new CSSStyleSheet();
  while (sheet.cssRules.length > 0) sheet.deleteRule(0);
  for (const [state, declarations] of Object.entries(style)) {
    const selector = STATE_SELECTORS[state as keyof typeof STATE_SELECTORS];
    const index = sheet.insertRule(`${selector} {}`, sheet.cssRules.length);
    const rule = sheet.cssRules[index] as CSSStyleRule;
    for (const [property, value] of Object.entries(declarations ?? {}))
      rule.style.setProperty(STYLE_PROPERTIES[property as keyof typeof STYLE_PROPERTIES], String(value));
  }
  if (!document.adoptedStyleSheets.includes(sheet))
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

async function loadFonts(fonts: ReturnType<typeof checkStyle>['fonts']): Promise<void> {
  const loads = fonts.map(async (font) => {
    const face = new FontFace(font.family, `url(${JSON.stringify(font.src)})`, {
      ...(font.weight ? { weight: font.weight } : {}),
      ...(font.style ? { style: font.style } : {}),
      ...(font.unicodeRange ? { unicodeRange: font.unicodeRange } : {}),
    });
    document.fonts.add(face);
    await face.load();
  });
  // A font that does not load leaves the fallback of font-family; never hold the field back long.
  await Promise.race([Promise.allSettled(loads), new Promise((resolve) => setTimeout(resolve, 2_000))]);
}

start();
