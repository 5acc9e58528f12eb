// The secure fields' public API: what a merchant's page calls to put Tessera's card inputs in its
// own form (through the headless SDK, /sdk/v1/tessera-headless.js) and what the widget uses
// itself. Types only: the declarations shipped with the SDK are generated from this file, and the
// SDK reference pages from those declarations. Keep it in step with
// docs/content/integrate/purse-checkout/advanced-flow/secure-fields-sdk-reference.mdx.

/** One input of the card form, each in its own frame served from Tessera's origin. */
export type SecureFieldName = 'number' | 'expiry' | 'cvc' | 'holder';

/** Card networks a number can belong to; a co-badged card has two (CARTE_BANCAIRE first). */
export type CardBrand = 'VISA' | 'MASTERCARD' | 'AMERICAN_EXPRESS' | 'CARTE_BANCAIRE';

/**
 * CSS properties a page may set on the inputs inside the frames. Values are plain CSS values
 * (no url(), var() or attr()); anything else is refused with an error naming it.
 */
export interface SecureFieldDeclarations {
  color?: string;
  backgroundColor?: string;
  caretColor?: string;
  fontFamily?: string;
  fontSize?: string;
  fontStyle?: string;
  fontVariant?: string;
  fontWeight?: string;
  letterSpacing?: string;
  lineHeight?: string;
  textAlign?: string;
  textDecoration?: string;
  textShadow?: string;
  textTransform?: string;
  /** -webkit-font-smoothing: `antialiased` or `auto`. */
  fontSmoothing?: string;
}

/** Styles by state of the input: `base` always, the others on top of it when they apply. */
export interface SecureFieldStyle {
  base?: SecureFieldDeclarations;
  focus?: SecureFieldDeclarations;
  /** The field holds a value the vault would refuse, and says so. */
  invalid?: SecureFieldDeclarations;
  /** The field is complete and valid. */
  complete?: SecureFieldDeclarations;
  placeholder?: SecureFieldDeclarations;
  disabled?: SecureFieldDeclarations;
}

/** A web font for the inputs, loaded inside the frames from an allowed origin (https://fonts.gstatic.com). */
export interface SecureFieldFont {
  /** The name to use in `fontFamily`. */
  family: string;
  /** https address of the woff2 (or woff) file. */
  src: string;
  /** `normal`, `bold`, or 100 to 900 (a range such as `100 900` for a variable font). */
  weight?: string;
  style?: 'normal' | 'italic';
  unicodeRange?: string;
}

export interface SecureFieldsOptions {
  /** Tessera's address (widget.data's api_url): the frames are served from its origin. */
  apiUrl: string;
  /** The entity's publishable key (widget.data's publishable_key), for the vault. */
  publishableKey: string;
  style?: SecureFieldStyle;
  fonts?: SecureFieldFont[];
  /** BCP 47 language of the inputs (default: the page's). */
  locale?: string;
  /**
   * The colour scheme of the page around the fields (default: the container's computed
   * `color-scheme`). Browsers paint a frame opaque when its scheme differs from its parent's.
   */
  colorScheme?: 'normal' | 'light' | 'dark' | 'light dark';
}

export interface MountFieldOptions {
  /** The input's accessible name (default: "Card number", "Expiry date", "Security code", "Name on card"). */
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** What a field says about itself; never its value. */
export interface SecureFieldState {
  field: SecureFieldName;
  empty: boolean;
  /** As long as the field takes (a whole number, MM / YY, every digit of the security code). */
  complete: boolean;
  /** The vault would accept it. */
  valid: boolean;
  /** The message to show the shopper now (after they left the field, or once it is complete). */
  error?: string;
  /** The number's networks (number field only). */
  brands?: CardBrand[];
}

/** What tokenization hands the page: a token for the payment, and what may be shown of the card. */
export interface CardTokenization {
  vault_form_token: string;
  card: { detected_brands: CardBrand[]; bin: string; last_four_digits: string };
}

export interface SecureFieldsEventMap {
  /** A field's frame is loaded, styled and ready to type in. */
  ready: { field: SecureFieldName };
  /** A field's state changed (as the shopper types, or when its error shows). */
  change: SecureFieldState;
  focus: { field: SecureFieldName };
  blur: SecureFieldState;
  /** Every mounted field is complete and valid (`valid: true`), or no longer is. */
  formValid: { valid: boolean };
  /** The card number's networks changed; `coBadged`: the shopper may choose between two. */
  brandDetected: { brands: CardBrand[]; coBadged: boolean };
  /** Something went wrong with the fields or their tokenization. */
  error: { code: string; message: string; fields?: SecureFieldName[] };
  /** The shopper pressed Enter in a field (submit the form). */
  submit: { field: SecureFieldName };
}

export type SecureFieldsEventType = keyof SecureFieldsEventMap;

/** One mounted field. */
export interface SecureField {
  readonly name: SecureFieldName;
  /** The iframe element, inside the container given to mount(). */
  readonly frame: HTMLIFrameElement;
  focus(): void;
  blur(): void;
  clear(): void;
  /** Removes the frame from the page. */
  unmount(): void;
}

/** A card form of secure fields: mount its inputs, listen to them, tokenize the card. */
export interface SecureFields {
  /**
   * Puts a field in `container` (an element or a CSS selector): an iframe filling its width, as
   * tall as its text. The container gets classes that follow the field: `tessera-field--focus`,
   * `--invalid`, `--complete`, `--empty`.
   */
  mount(field: SecureFieldName, container: Element | string, options?: MountFieldOptions): SecureField;
  /** Adds a listener; returns a function that removes it. */
  on<K extends SecureFieldsEventType>(type: K, listener: (detail: SecureFieldsEventMap[K]) => void): () => void;
  off<K extends SecureFieldsEventType>(type: K, listener: (detail: SecureFieldsEventMap[K]) => void): void;
  /** The last state of each mounted field. */
  readonly states: Partial<Record<SecureFieldName, SecureFieldState>>;
  /** Every mounted field is complete and valid. */
  readonly valid: boolean;
  /** The card's networks, as its number says. */
  readonly brands: CardBrand[];
  focus(field: SecureFieldName): void;
  /**
   * Shows every field's error now (as on a submit attempt, before the shopper left each field)
   * and says whether the card can be tokenized.
   */
  validate(): boolean;
  /**
   * Sends the card to Tessera's vault from inside the frames and resolves with its token. Rejects
   * with a TesseraCheckoutError: `card_fields_missing` (number, expiry and cvc must be mounted),
   * `card_invalid` (its `fields` say which; each now shows its error), `card_refused`, `network`,
   * `rate_limited`, `unauthorized`, `unavailable`.
   */
  tokenize(): Promise<CardTokenization>;
  /** Empties every field (after a refusal, for another card). */
  clear(): void;
  /** New styles or fonts for every field, or disables them all. */
  update(options: { style?: SecureFieldStyle; fonts?: SecureFieldFont[]; disabled?: boolean }): void;
  /** Unmounts every field and forgets the listeners. */
  destroy(): void;
}
