// State of a card form: values as typed, which fields the shopper has left, errors to show, the
// network chosen on a co-badged card. Pure rules live in core/card-input.ts.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  cardErrors,
  cardState,
  EMPTY_CARD,
  fieldOfPointer,
  formatCardNumber,
  formatExpiryInput,
  isFieldComplete,
  selectedNetwork,
  vaultCardRequest,
  type CardErrors,
  type CardField,
  type CardState,
  type CardValues,
  type DetectedBrand,
} from '../core/card-input';

const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'holder'];

export interface CardForm {
  values: CardValues;
  state: CardState;
  /** Errors to show now (a field's once left or complete; all after a submit attempt). */
  errors: CardErrors;
  network: DetectedBrand | undefined;
  setNetwork(network: DetectedBrand): void;
  change(field: CardField, raw: string, deleting?: boolean): void;
  blur(field: CardField): void;
  /** Marks every field as visited; true when the card can go to the vault. Focuses the first problem. */
  validate(): boolean;
  /** Errors the vault answered (400 pointers), shown on their fields. */
  showVaultErrors(errors: { pointer?: string; detail?: string }[]): boolean;
  vaultRequest(): ReturnType<typeof vaultCardRequest>;
  inputs: RefObject<Partial<Record<CardField, HTMLInputElement | null>>>;
}

export function useCardForm(now: () => Date): CardForm {
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [visited, setVisited] = useState<ReadonlySet<CardField>>(new Set());
  const [vaultErrors, setVaultErrors] = useState<CardErrors>({});
  const [choice, setChoice] = useState<DetectedBrand>();
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  // Focus moves after the render that shows the errors (and re-enables a form that was busy).
  const [focusRequest, setFocusRequest] = useState<{ field: CardField }>();
  useEffect(() => {
    if (focusRequest) inputs.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  const state = useMemo(() => cardState(values), [values]);
  const all = useMemo(() => cardErrors(values, now()), [values, now]);
  const errors = useMemo(() => {
    const shown: CardErrors = {};
    for (const field of FIELDS) {
      const message =
        vaultErrors[field] ?? (visited.has(field) || isFieldComplete(field, values) ? all[field] : undefined);
      if (message) shown[field] = message;
    }
    return shown;
  }, [all, vaultErrors, visited, values]);

  const change = useCallback((field: CardField, raw: string, deleting = false) => {
    setVaultErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setValues((current) => {
      switch (field) {
        case 'number':
          return { ...current, number: formatCardNumber(raw) };
        case 'expiry':
          return { ...current, expiry: formatExpiryInput(raw, deleting) };
        case 'cvc':
          return { ...current, cvc: raw.replace(/\D+/g, '').slice(0, 4) };
        case 'holder':
          return { ...current, holder: raw.slice(0, 60) };
      }
    });
  }, []);

  const blur = useCallback((field: CardField) => {
    setVisited((current) => (current.has(field) ? current : new Set([...current, field])));
  }, []);

  const focusFirst = (problems: CardErrors) => {
    const first = FIELDS.find((field) => problems[field]);
    if (first) setFocusRequest({ field: first });
  };

  const validate = () => {
    setVisited(new Set(FIELDS));
    const problems = cardErrors(values, now());
    focusFirst(problems);
    return Object.keys(problems).length === 0;
  };

  const showVaultErrors = (answered: { pointer?: string; detail?: string }[]) => {
    const mapped: CardErrors = {};
    for (const error of answered) {
      const field = fieldOfPointer(error.pointer);
      if (field && !mapped[field])
        mapped[field] =
          field === 'expiry' && error.detail?.includes('expired')
            ? 'This card has expired.'
            : 'Check this field: the card was not accepted as entered.';
    }
    setVaultErrors(mapped);
    focusFirst(mapped);
    return Object.keys(mapped).length > 0;
  };

  return {
    values,
    state,
    errors,
    network: selectedNetwork(state, choice),
    setNetwork: setChoice,
    change,
    blur,
    validate,
    showVaultErrors,
    vaultRequest: () => vaultCardRequest(values),
    inputs,
  };
}
