// The widget's card entry: the four inputs are secure fields, frames of Tessera's origin inside
// the merchant's page. This component draws everything around them (labels, hints, errors,
// network badges, the choice of network on a co-badged card) from what the frames say; it never
// holds a card value, and neither does the page: the card goes to the vault from the frames.
import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CheckoutApiError, CheckoutNetworkError } from '../core/api';
import type { DetectedBrand } from '../core/card-input';
import { NETWORK_MESSAGE } from '../core/messages';
import { TesseraCheckoutError } from '../headless/errors';
import { createSecureFields, SECURE_FIELD_LABELS } from '../secure-fields/secure-fields';
import type { SecureFieldName, SecureFields, SecureFieldState } from '../secure-fields/secure-fields-api';
import type { CardEntryProps } from './card-entry';
import { NetworkChoice } from './NetworkChoice';
import { BrandBadge } from './icons';

const ORDER: readonly SecureFieldName[] = ['number', 'expiry', 'cvc', 'holder'];

/**
 * The frames' text looks like the widget's inputs: the colours the widget resolved for the current
 * light or dark scheme (its text, and its hints' for placeholders), and its font.
 */
function frameStyle(root: Element) {
  const computed = getComputedStyle(root);
  const hint = root.querySelector('.tc-hint');
  return {
    base: { color: computed.color, fontFamily: computed.fontFamily, fontSize: computed.fontSize, lineHeight: '24px' },
    placeholder: { color: hint ? getComputedStyle(hint).color : computed.color },
  };
}

export function SecureCardEntry({ handle, api, busy, locale }: CardEntryProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const containers = {
    number: useRef<HTMLDivElement>(null),
    expiry: useRef<HTMLDivElement>(null),
    cvc: useRef<HTMLDivElement>(null),
    holder: useRef<HTMLDivElement>(null),
  };
  const fieldsRef = useRef<SecureFields | null>(null);
  const [states, setStates] = useState<Partial<Record<SecureFieldName, SecureFieldState>>>({});
  const [brands, setBrands] = useState<DetectedBrand[]>([]);
  const [choice, setChoice] = useState<DetectedBrand>();
  const coBadged = brands.length > 1;
  const network = coBadged ? (choice && brands.includes(choice) ? choice : brands[0]) : undefined;
  const networkRef = useRef(network);
  networkRef.current = network;

  useEffect(() => {
    const root = rootRef.current;
    if (!root || !api.publishableKey) return;
    const fields = createSecureFields({
      apiUrl: api.apiUrl,
      publishableKey: api.publishableKey,
      style: frameStyle(root),
      locale,
    });
    fieldsRef.current = fields;
    const remember = (state: SecureFieldState) => setStates((current) => ({ ...current, [state.field]: state }));
    fields.on('change', remember);
    fields.on('blur', remember);
    fields.on('brandDetected', (detected) => setBrands(detected.brands));
    // A frame that does not load says so where the shopper looks: under its field.
    fields.on('error', (error) => {
      if (error.code === 'frame_unavailable')
        for (const field of error.fields ?? [])
          remember({ field, empty: true, complete: false, valid: false, error: NETWORK_MESSAGE });
    });
    // Enter in a field pays, as in any form.
    fields.on('submit', () => root.closest('form')?.requestSubmit());
    for (const name of ORDER) {
      const container = containers[name].current;
      if (container) fields.mount(name, container);
    }
    // The colours follow the shopper's light or dark setting while the page is open.
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    const restyle = () => fields.update({ style: frameStyle(root) });
    scheme?.addEventListener('change', restyle);
    return () => {
      scheme?.removeEventListener('change', restyle);
      fields.destroy();
      fieldsRef.current = null;
    };
    // The containers are refs of this component: created once with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, locale]);

  useEffect(() => {
    fieldsRef.current?.update({ disabled: busy });
  }, [busy]);

  const focusFirstProblem = (fields: SecureFields) => {
    const first = ORDER.find((name) => fields.states[name]?.valid !== true);
    if (first) fields.focus(first);
  };

  useImperativeHandle(handle, () => ({
    validate() {
      const fields = fieldsRef.current;
      if (!fields) return false;
      const valid = fields.validate();
      if (!valid) focusFirstProblem(fields);
      return valid;
    },
    async tokenize() {
      const fields = fieldsRef.current;
      if (!fields) throw new CheckoutNetworkError('The card fields are not loaded.');
      try {
        const tokenized = await fields.tokenize();
        const selected = networkRef.current;
        return { token: tokenized.vault_form_token, card: selected ? { selected_network: selected } : undefined };
      } catch (error) {
        if (!(error instanceof TesseraCheckoutError)) throw error;
        if (error.code === 'card_invalid' || error.code === 'card_refused') {
          focusFirstProblem(fields);
          return null;
        }
        // As the panel reads the API's own failures (core/api.ts).
        if (error.code === 'network' || error.code === 'card_fields_missing')
          throw new CheckoutNetworkError(error.message);
        throw new CheckoutApiError(error.code === 'rate_limited' ? 429 : error.code === 'unauthorized' ? 401 : 503, {
          detail: error.message,
        });
      }
    },
  }));

  const detected = brands.length > 0;
  const cvcHint = brands.includes('AMERICAN_EXPRESS') ? '4 digits, on the front' : '3 digits, on the back';
  const field = (name: SecureFieldName, hint?: string, adornment?: ReactNode) => (
    <SecureInput
      key={name}
      label={SECURE_FIELD_LABELS[name]}
      hint={hint}
      error={states[name]?.error}
      container={containers[name]}
      onLabelClick={() => fieldsRef.current?.focus(name)}
      adornment={adornment}
    />
  );
  return (
    <div className="tc-card-fields" ref={rootRef}>
      {field(
        'number',
        undefined,
        detected ? (
          <span className="tc-brands" aria-hidden="true">
            {brands.map((brand) => (
              <BrandBadge key={brand} brand={brand} />
            ))}
          </span>
        ) : undefined,
      )}
      <NetworkChoice brands={brands} network={network} onChoose={setChoice} />
      <div className="tc-row">
        {field('expiry', 'MM / YY')}
        {field('cvc', cvcHint)}
      </div>
      {field('holder')}
    </div>
  );
}

/**
 * A secure input's surroundings, as Field draws a plain one: the label (not a <label>: the input
 * is in another document, named by the same text inside its frame), the hint, the box the frame
 * fills, and the error, polite live so that a screen reader announces it when it appears.
 */
function SecureInput({
  label,
  hint,
  error,
  container,
  onLabelClick,
  adornment,
}: {
  label: string;
  hint: string | undefined;
  error: string | undefined;
  container: RefObject<HTMLDivElement | null>;
  onLabelClick(): void;
  adornment: ReactNode;
}) {
  return (
    <div className={`tc-field${error ? ' tc-field--invalid' : ''}`}>
      <span className="tc-label" onClick={onLabelClick}>
        {label}
      </span>
      {hint && <p className="tc-hint">{hint}</p>}
      <div className="tc-input-frame">
        <div ref={container} className="tc-input tc-input--secure" />
        {adornment}
      </div>
      <p className="tc-field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
