import { describe, expect, it, vi } from 'vitest';
import { createStorageSlot, type StorageEnvironment, type StorageEventLike } from './storage';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function environment(storage: ReturnType<typeof memoryStorage> | (() => never)) {
  const listeners = new Set<(event: StorageEventLike) => void>();
  const warn = vi.fn();
  const env: StorageEnvironment = {
    storage: typeof storage === 'function' ? storage : () => storage,
    addStorageListener(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    warn,
  };
  return { env, warn, emit: (event: StorageEventLike) => listeners.forEach((listener) => listener(event)) };
}

describe('createStorageSlot', () => {
  it('reads, writes and deletes its key', () => {
    const { env } = environment(memoryStorage());
    const slot = createStorageSlot('theme', env);
    expect(slot.get()).toBeNull();
    slot.set('dark');
    expect(slot.get()).toBe('dark');
    slot.del();
    expect(slot.get()).toBeNull();
  });

  it('never throws when opening the storage is denied, and warns once', () => {
    const { env, warn } = environment(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const slot = createStorageSlot('theme', env);
    expect(slot.get()).toBeNull();
    expect(() => slot.set('dark')).not.toThrow();
    expect(() => slot.del()).not.toThrow();
    expect(slot.get()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('never throws when the storage is full or its methods throw', () => {
    const broken = {
      getItem: () => {
        throw new Error('read failed');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('delete failed');
      },
    };
    const slot = createStorageSlot('theme', { storage: () => broken, warn: () => {} });
    expect(slot.get()).toBeNull();
    expect(() => slot.set('dark')).not.toThrow();
    expect(() => slot.del()).not.toThrow();
  });

  it('hears changes of its own key from other tabs only', () => {
    const storage = memoryStorage();
    const { env, emit } = environment(storage);
    const slot = createStorageSlot('theme', env);
    const changes: (string | null)[] = [];
    const stop = slot.listen((value) => changes.push(value));
    emit({ key: 'theme', newValue: 'dark', storageArea: storage });
    emit({ key: 'other', newValue: 'x', storageArea: storage });
    emit({ key: 'theme', newValue: 'light', storageArea: {} }); // sessionStorage, say
    emit({ key: null, newValue: null, storageArea: storage }); // localStorage.clear() elsewhere
    stop();
    emit({ key: 'theme', newValue: 'light', storageArea: storage });
    expect(changes).toEqual(['dark', null]);
  });
});
