// The checkout widget script, served at /widget/v1/tessera-widget.js: one self-contained file
// (React included, no router, no other request than Tessera's API) that mounts the checkout into
// a merchant's page from the session's widget.data. Public API: window.TesseraCheckout (see
// widget-api.ts and the docs page integrate/purse-checkout/widget-v3/widget-interface).
import { createRoot, type Root } from 'react-dom/client';
import { createCheckoutApi } from '../core/api';
import { createListeners } from '../core/listeners';
import {
  CHECKOUT_EVENT_TYPES,
  type CheckoutEvent,
  type CheckoutEventMap,
  type CheckoutEventType,
} from '../core/events';
import { shopperLocale } from '../core/money';
import { decodeWidgetData, WidgetDataError, type WidgetData } from '../core/widget-data';
import { Checkout } from '../ui/Checkout';
import { SecureCardEntry } from '../ui/SecureCardEntry';
import css from '../ui/checkout.css?inline';
import {
  WIDGET_EVENT_PREFIX,
  WIDGET_LOADED_EVENT,
  WIDGET_VERSION,
  type CheckoutWidget,
  type MountOptions,
  type TesseraCheckoutGlobal,
} from './widget-api';

type Listener<K extends CheckoutEventType> = (detail: CheckoutEventMap[K]) => void;

const mounted = new WeakMap<Element, CheckoutWidget>();

/**
 * A constructed stylesheet rather than a <style> element where the browser has them: a
 * Content-Security-Policy without 'unsafe-inline' in style-src (Tessera's own pages, many
 * merchants') refuses a <style> element but not a constructed sheet.
 */
function adoptStyles(shadow: ShadowRoot, text: string): void {
  if (
    'adoptedStyleSheets' in shadow &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    shadow.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = text;
  shadow.append(style);
}

function resolveTarget(target: Element | string): Element {
  const element = typeof target === 'string' ? document.querySelector(target) : target;
  if (!element) throw new Error(`TesseraCheckout.mount: no element matches ${JSON.stringify(target)}.`);
  return element;
}

function mount(target: Element | string, options: MountOptions): CheckoutWidget {
  const element = resolveTarget(target);
  if (!options || typeof options !== 'object')
    throw new TypeError('TesseraCheckout.mount(element, { data }): options are required.');
  mounted.get(element)?.unmount();

  const listeners = createListeners<CheckoutEventMap>();
  const on = <K extends CheckoutEventType>(type: K, listener: Listener<K>) => {
    if (!CHECKOUT_EVENT_TYPES.includes(type))
      throw new Error(`TesseraCheckout: unknown event "${String(type)}". Known: ${CHECKOUT_EVENT_TYPES.join(', ')}.`);
    return listeners.on(type, listener);
  };
  for (const [type, listener] of Object.entries(options.on ?? {})) {
    if (typeof listener === 'function') on(type as CheckoutEventType, listener as Listener<CheckoutEventType>);
  }

  const emit = (event: CheckoutEvent) => {
    // DOM event first (bubbles out of the widget to the merchant's page), then the listeners.
    element.dispatchEvent(
      new CustomEvent(`${WIDGET_EVENT_PREFIX}${event.type}`, { detail: event.detail, bubbles: true, composed: true }),
    );
    // A merchant's listener that throws does not break the checkout (core/listeners.ts).
    listeners.emit(event.type, event.detail as never);
  };

  let data: WidgetData | undefined;
  let dataError: string | undefined;
  try {
    data = decodeWidgetData(options.data);
  } catch (error) {
    dataError = error instanceof WidgetDataError ? error.message : 'widget.data cannot be read.';
  }

  // The checkout lives in a shadow root: the merchant's CSS cannot break it, ours cannot leak out.
  const host = document.createElement('div');
  host.setAttribute('data-tessera-checkout', WIDGET_VERSION);
  element.replaceChildren(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  adoptStyles(shadow, css);
  shadow.append(container);

  const api = createCheckoutApi({
    apiUrl: data?.api_url ?? '',
    ...(data ? { publishableKey: data.publishable_key } : {}),
  });
  const theme = options.theme === 'light' || options.theme === 'dark' ? options.theme : undefined;
  const root: Root = createRoot(container);
  root.render(
    <Checkout
      variant="widget"
      api={api}
      cardEntry={SecureCardEntry}
      open={() => api.openSession(data!.session.id)}
      locale={shopperLocale(options.locale)}
      emit={emit}
      returnToMerchant={options.returnToMerchant !== false}
      showSummary={options.showOrderSummary === true}
      theme={theme}
      {...(dataError ? { initialError: { kind: 'invalid' as const, message: dataError } } : {})}
    />,
  );
  // Told after mount() returns, so listeners added with widget.on() hear it too.
  if (dataError) setTimeout(() => emit({ type: 'error', detail: { code: 'invalid_data', message: dataError } }));

  let active = true;
  const widget: CheckoutWidget = {
    sessionId: data?.session.id,
    on,
    off: listeners.off,
    unmount() {
      if (!active) return;
      active = false;
      root.unmount();
      host.remove();
      listeners.clear();
      mounted.delete(element);
    },
  };
  mounted.set(element, widget);
  return widget;
}

const TesseraCheckout: TesseraCheckoutGlobal = Object.freeze({
  version: WIDGET_VERSION,
  mount,
  decodeWidgetData,
  events: CHECKOUT_EVENT_TYPES,
});

declare global {
  interface Window {
    TesseraCheckout?: TesseraCheckoutGlobal;
  }
}

window.TesseraCheckout = TesseraCheckout;
document.dispatchEvent(new CustomEvent(WIDGET_LOADED_EVENT, { detail: { version: WIDGET_VERSION } }));
