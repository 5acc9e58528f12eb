// Listeners by event type, for the browser APIs given to merchants' pages (the widget, the secure
// fields, the headless checkout): a listener that throws never breaks the caller, and its error
// still reaches the page's console and error reporting.
export interface Listeners<M> {
  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof M>(type: K, listener: (detail: M[K]) => void): () => void;
  off<K extends keyof M>(type: K, listener: (detail: M[K]) => void): void;
  emit<K extends keyof M>(type: K, detail: M[K]): void;
  clear(): void;
}

type Listener = (detail: never) => void;

export function createListeners<M>(): Listeners<M> {
  const byType = new Map<keyof M, Set<Listener>>();
  return {
    on(type, listener) {
      const set = byType.get(type) ?? new Set<Listener>();
      set.add(listener as Listener);
      byType.set(type, set);
      return () => void set.delete(listener as Listener);
    },
    off(type, listener) {
      byType.get(type)?.delete(listener as Listener);
    },
    emit(type, detail) {
      for (const listener of [...(byType.get(type) ?? [])]) {
        try {
          (listener as (detail: M[typeof type]) => void)(detail);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
    clear() {
      byType.clear();
    },
  };
}
