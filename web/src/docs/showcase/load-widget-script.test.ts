import { describe, expect, it } from 'vitest';
import { loadScriptJSWidget, WIDGET_LOADED_EVENT, type ScriptHost } from './load-widget-script';

function fakeHost() {
  const scripts: { src: string; element: EventTarget & { removed: boolean; remove(): void } }[] = [];
  const events: Event[] = [];
  const host: ScriptHost = {
    injectScript(src) {
      const element = Object.assign(new EventTarget(), {
        removed: false,
        remove() {
          this.removed = true;
        },
      });
      scripts.push({ src, element });
      return element;
    },
    dispatch: (event) => void events.push(event),
  };
  return { host, scripts, events };
}

describe('loadScriptJSWidget', () => {
  it('injects one script and dispatches loadScriptJSWidget once it loaded', async () => {
    const { host, scripts, events } = fakeHost();
    const loading = loadScriptJSWidget('/widget/v1/a.js', host);
    expect(loadScriptJSWidget('/widget/v1/a.js', host)).toBe(loading);
    expect(scripts.map((script) => script.src)).toEqual(['/widget/v1/a.js']);
    expect(events).toEqual([]);
    scripts[0]?.element.dispatchEvent(new Event('load'));
    await loading;
    expect(events.map((event) => event.type)).toEqual([WIDGET_LOADED_EVENT]);
    const [event] = events;
    expect(event instanceof CustomEvent ? event.detail : null).toEqual({ src: '/widget/v1/a.js' });
  });

  it('does not dispatch the event again when the script dispatched it while running', async () => {
    const { host, scripts, events } = fakeHost();
    const listeners = new Set<() => void>();
    host.listen = (_type, listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    const loading = loadScriptJSWidget('/widget/v1/c.js', host);
    for (const listener of listeners) listener();
    scripts[0]?.element.dispatchEvent(new Event('load'));
    await loading;
    expect(events).toEqual([]);
    expect(listeners.size).toBe(0);
  });

  it('rejects on a load failure, removes the tag, and tries afresh next time', async () => {
    const { host, scripts, events } = fakeHost();
    const failing = loadScriptJSWidget('/widget/v1/b.js', host);
    scripts[0]?.element.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('The checkout widget script could not be loaded from /widget/v1/b.js.');
    expect(scripts[0]?.element.removed).toBe(true);
    expect(events).toEqual([]);
    void loadScriptJSWidget('/widget/v1/b.js', host).catch(() => {});
    expect(scripts).toHaveLength(2);
  });
});
