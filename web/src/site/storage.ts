// Browser storage that never throws. localStorage can be missing (some embedded browsers), refuse
// access (privacy settings: reading `window.localStorage` itself throws a SecurityError) or be full;
// none of that may break a page, so every access is guarded and the site simply forgets.

export interface StorageSlot {
  get(): string | null;
  set(value: string): void;
  del(): void;
  /** Calls `onChange` when another tab changes this key; returns the unsubscribe function. */
  listen(onChange: (newValue: string | null) => void): () => void;
}

export interface StorageEventLike {
  key: string | null;
  newValue: string | null;
  storageArea: unknown;
}

export interface StorageEnvironment {
  /** Returns the storage area; may throw, as `window.localStorage` does when access is denied. */
  storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null | undefined;
  addStorageListener?(listener: (event: StorageEventLike) => void): () => void;
  warn?(message: string, error: unknown): void;
}

export function browserEnvironment(): StorageEnvironment {
  return {
    storage: () => (typeof window === 'undefined' ? null : window.localStorage),
    addStorageListener(listener) {
      if (typeof window === 'undefined') return () => {};
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
    warn: (message, error) => console.warn(message, error),
  };
}

export function createStorageSlot(key: string, environment: StorageEnvironment = browserEnvironment()): StorageSlot {
  let warned = false;
  const warn = (action: string, error: unknown) => {
    // Once per slot: a denied storage would otherwise log on every render.
    if (warned) return;
    warned = true;
    environment.warn?.(
      `Browser storage is unavailable (${action} "${key}"); the setting will not be remembered.`,
      error,
    );
  };
  const area = () => {
    try {
      return environment.storage() ?? null;
    } catch (error) {
      warn('open', error);
      return null;
    }
  };
  return {
    get() {
      try {
        return area()?.getItem(key) ?? null;
      } catch (error) {
        warn('read', error);
        return null;
      }
    },
    set(value) {
      try {
        area()?.setItem(key, value);
      } catch (error) {
        warn('write', error);
      }
    },
    del() {
      try {
        area()?.removeItem(key);
      } catch (error) {
        warn('delete', error);
      }
    },
    listen(onChange) {
      if (!environment.addStorageListener) return () => {};
      return environment.addStorageListener((event) => {
        // A storage event for another key or another storage area (sessionStorage) is not ours;
        // `key === null` means the other tab cleared the whole storage.
        if (event.storageArea !== area()) return;
        if (event.key !== key && event.key !== null) return;
        onChange(event.key === null ? null : event.newValue);
      });
    },
  };
}
