import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DocsVersionConfig } from '../config-types';
import { createStorageSlot, type StorageSlot } from '../storage';
import { useContextOrThrow } from '../use-context-or-throw';
import {
  findDocsVersion,
  forgetRetiredPreferredVersion,
  PREFERRED_VERSION_KEY,
  validateDocsVersions,
  validPreferredVersion,
} from './docs-version';

export interface DocsVersionContextValue {
  versions: readonly DocsVersionConfig[];
  /** The version shown: the stored preference, else the first (latest) version. */
  activeVersion: DocsVersionConfig;
  preferredVersionName: string | null;
  savePreferredVersion(name: string): void;
}

const DocsVersionContext = createContext<DocsVersionContextValue | undefined>(undefined);

export function DocsVersionProvider({
  versions,
  slot: givenSlot,
  children,
}: {
  versions: readonly DocsVersionConfig[];
  slot?: StorageSlot;
  children: ReactNode;
}) {
  validateDocsVersions(versions);
  const slot = useMemo(() => givenSlot ?? createStorageSlot(PREFERRED_VERSION_KEY), [givenSlot]);
  const [preferred, setPreferred] = useState(() => validPreferredVersion(slot.get(), versions));
  useEffect(() => forgetRetiredPreferredVersion(slot, versions), [slot, versions]);
  const savePreferredVersion = useCallback(
    (name: string) => {
      findDocsVersion(versions, name);
      slot.set(name);
      setPreferred(name);
    },
    [slot, versions],
  );
  const value = useMemo<DocsVersionContextValue>(() => {
    const [latest] = versions;
    if (!latest) throw new Error('unreachable: validateDocsVersions guarantees one version');
    return {
      versions,
      activeVersion: preferred === null ? latest : findDocsVersion(versions, preferred),
      preferredVersionName: preferred,
      savePreferredVersion,
    };
  }, [versions, preferred, savePreferredVersion]);
  return <DocsVersionContext.Provider value={value}>{children}</DocsVersionContext.Provider>;
}

export function useDocsVersion(): DocsVersionContextValue {
  return useContextOrThrow(DocsVersionContext, 'DocsVersionProvider', 'useDocsVersion');
}
