// Loads the checkout widget script into the page (as the original docs' loadScriptJSWidget): one
// <script> in <head> per URL, and a `loadScriptJSWidget` event on `document` once it has run, which
// the showcase (and any page code) listens to before using the widget. Tessera's widget dispatches
// that event itself when it runs; the loader only dispatches it for a script that did not.

export const WIDGET_LOADED_EVENT = 'loadScriptJSWidget';

/** Where scripts go and events are sent: the document, or a fake in unit tests. */
export interface ScriptHost {
  /** Appends a <script src> to <head>; the element fires `load` or `error`. */
  injectScript(src: string): EventTarget & { remove(): void };
  dispatch(event: Event): void;
  /** Listens on the document (to see whether the script dispatched the event itself). */
  listen?(type: string, listener: () => void): () => void;
}

export function documentHost(doc: Document = document): ScriptHost {
  return {
    injectScript(src) {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.tesseraWidget = '';
      doc.head.appendChild(script);
      return script;
    },
    dispatch: (event) => void doc.dispatchEvent(event),
    listen(type, listener) {
      doc.addEventListener(type, listener);
      return () => doc.removeEventListener(type, listener);
    },
  };
}

const pending = new Map<string, Promise<void>>();

export function loadScriptJSWidget(src: string, host: ScriptHost = documentHost()): Promise<void> {
  const existing = pending.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    let dispatchedByScript = false;
    const stopListening = host.listen?.(WIDGET_LOADED_EVENT, () => void (dispatchedByScript = true));
    const script = host.injectScript(src);
    script.addEventListener('load', () => {
      stopListening?.();
      resolve();
      // A script runs before its `load` event: one that announced itself is not announced twice.
      if (!dispatchedByScript) host.dispatch(new CustomEvent(WIDGET_LOADED_EVENT, { detail: { src } }));
    });
    script.addEventListener('error', () => {
      stopListening?.();
      // Forget the failed attempt, so a retry injects a fresh tag.
      script.remove();
      pending.delete(src);
      reject(new Error(`The checkout widget script could not be loaded from ${src}.`));
    });
  });
  pending.set(src, promise);
  return promise;
}
