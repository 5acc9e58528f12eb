// The widget's public API (window.TesseraCheckout): what merchants' pages call. Keep it stable;
// it is documented in web/src/docs/content/docs/integrate/purse-checkout/widget-v3/.
import type { CheckoutEventMap, CheckoutEventType } from '../core/events';
import type { WidgetData } from '../core/widget-data';

export const WIDGET_VERSION = '1.0.0';
/** Dispatched on `document` once the script has run and window.TesseraCheckout exists. */
export const WIDGET_LOADED_EVENT = 'loadScriptJSWidget';
/** DOM events on the mount element: `tessera:ready`, `tessera:success`... */
export const WIDGET_EVENT_PREFIX = 'tessera:';

export interface MountOptions {
  /** The client session's `widget.data` (base64 JSON; padding optional). Required. */
  data: string;
  /** BCP 47 locale for amounts (e.g. "fr-FR"); the browser's language by default. */
  locale?: string;
  /** "auto" (default) follows the shopper's prefers-color-scheme; "light" or "dark" forces one. */
  theme?: 'auto' | 'light' | 'dark';
  /**
   * After an immediate authorization, take the shopper through Tessera's return route to the
   * session's shopper_redirection_url with `purse-redirection-data` (default true). With false the
   * widget shows its own confirmation and the page reacts to the `success` event. Partner pages
   * (3-D Secure, wallet, lender) always take the whole window and come back by the return route.
   */
  returnToMerchant?: boolean;
  /** Show the order's lines and total above the form (default false: the shop's page shows them). */
  showOrderSummary?: boolean;
  /** Listeners by event type, attached before anything is emitted. */
  on?: { [K in CheckoutEventType]?: (detail: CheckoutEventMap[K]) => void };
}

export interface CheckoutWidget {
  /** The session being paid (undefined when widget.data could not be read). */
  readonly sessionId: string | undefined;
  /** Adds a listener; returns a function that removes it. */
  on<K extends CheckoutEventType>(type: K, listener: (detail: CheckoutEventMap[K]) => void): () => void;
  off<K extends CheckoutEventType>(type: K, listener: (detail: CheckoutEventMap[K]) => void): void;
  /** Removes the checkout from the page and forgets its listeners. */
  unmount(): void;
}

export interface TesseraCheckoutGlobal {
  readonly version: string;
  /** Renders the checkout into `target` (an element or a CSS selector), replacing its content. */
  mount(target: Element | string, options: MountOptions): CheckoutWidget;
  /** Reads widget.data (throws a WidgetDataError naming what is wrong). */
  decodeWidgetData(data: string): WidgetData;
  /** The event types, in the order a payment emits them. */
  readonly events: readonly CheckoutEventType[];
}
