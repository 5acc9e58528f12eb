import { describe, expect, it } from 'vitest';
import type { DocsVersionConfig } from '../config-types';
import { SiteConfigError } from '../errors';
import { createStorageSlot, type StorageEnvironment } from '../storage';
import {
  findDocsVersion,
  forgetRetiredPreferredVersion,
  PREFERRED_VERSION_KEY,
  validateDocsVersions,
  validPreferredVersion,
} from './docs-version';
import type { StorageSlot } from '../storage';

/** What the provider does on load: use a valid preference, and forget a retired one. */
function readPreferredVersion(slot: StorageSlot, list: readonly DocsVersionConfig[]): string | null {
  const preferred = validPreferredVersion(slot.get(), list);
  forgetRetiredPreferredVersion(slot, list);
  return preferred;
}

const versions: DocsVersionConfig[] = [
  { name: 'current', label: 'Current', path: '/docs', mainDocId: 'home' },
  { name: '1.x', label: '1.x', path: '/docs/1.x', mainDocId: 'home' },
];

function slotWith(initial: string | null) {
  const values = new Map<string, string>(initial === null ? [] : [[PREFERRED_VERSION_KEY, initial]]);
  const env: StorageEnvironment = {
    storage: () => ({
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    }),
  };
  return { slot: createStorageSlot(PREFERRED_VERSION_KEY, env), values };
}

describe('preferred docs version', () => {
  it('is read back when the version exists', () => {
    const { slot } = slotWith('1.x');
    expect(readPreferredVersion(slot, versions)).toBe('1.x');
  });

  it('is cleared when the version no longer exists', () => {
    const { slot, values } = slotWith('0.9');
    expect(readPreferredVersion(slot, versions)).toBeNull();
    expect(values.has(PREFERRED_VERSION_KEY)).toBe(false);
  });

  it('is null without a stored preference or with a storage that throws', () => {
    expect(readPreferredVersion(slotWith(null).slot, versions)).toBeNull();
    const denied = createStorageSlot(PREFERRED_VERSION_KEY, {
      storage: () => {
        throw new Error('denied');
      },
    });
    expect(readPreferredVersion(denied, versions)).toBeNull();
  });
});

describe('docs version developer errors', () => {
  it('rejects a version without a name', () => {
    expect(() => validateDocsVersions([{ name: '', label: 'Next', path: '/docs', mainDocId: 'home' }])).toThrow(
      SiteConfigError,
    );
    expect(() => validateDocsVersions([{ name: ' ', label: 'Next', path: '/docs', mainDocId: 'home' }])).toThrow(
      /docs.versions\[0\] \(label "Next"\) has no name/,
    );
  });

  it('rejects no versions and duplicate names', () => {
    expect(() => validateDocsVersions([])).toThrow(/at least one docs version/);
    expect(() => validateDocsVersions([versions[0]!, versions[0]!])).toThrow(/two versions named "current"/);
  });

  it('rejects a lookup of a version that does not exist', () => {
    expect(findDocsVersion(versions, '1.x').path).toBe('/docs/1.x');
    expect(() => findDocsVersion(versions, '3.0')).toThrow(/No docs version named "3.0"/);
  });
});
