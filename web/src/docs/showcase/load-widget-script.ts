// Loads the checkout widget script into the page (as the original docs' loadScriptJSWidget): one
// <script> in <head> per URL, and a `loadScriptJSWidget` event on `document` once it has run, which
// the showcase (and any page code) listens to before using the widget.

export const WIDGET_LOADED_EVENT = 'loadScriptJSWidget';
const ATTRIBUTE = 'data-tessera-widget';

const pending = new Map<string, Promise<void>>();

export function loadScriptJSWidget(src: string, doc: Document = document): Promise<void> {
  const existing = pending.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(ATTRIBUTE, src);
    script.addEventListener('load', () => {
      resolve();
      doc.dispatchEvent(new CustomEvent(WIDGET_LOADED_EVENT, { detail: { src } }));
    });
    script.addEventListener('error', () => {
      // Forget the failed attempt, so a retry injects a fresh tag.
      script.remove();
      pending.delete(src);
      reject(new Error(`The checkout widget script could not be loaded from ${src}.`));
    });
    doc.head.appendChild(script);
  });
  pending.set(src, promise);
  return promise;
}
