// Docs versions and the reader's preferred version (as Docusaurus): the preference is stored, and
// forgotten when the site no longer has that version.

import { SiteConfigError } from '../errors';
import type { DocsVersionConfig } from '../config-types';
import type { StorageSlot } from '../storage';

export const PREFERRED_VERSION_KEY = 'tessera.docs.preferred-version';

export function validateDocsVersions(versions: readonly DocsVersionConfig[]): void {
  if (versions.length === 0)
    throw new SiteConfigError('docs.versions is empty: the site needs at least one docs version.');
  const names = new Set<string>();
  versions.forEach((version, index) => {
    if (typeof version.name !== 'string' || version.name.trim() === '') {
      throw new SiteConfigError(`docs.versions[${index}] (label ${JSON.stringify(version.label)}) has no name.`);
    }
    if (names.has(version.name)) throw new SiteConfigError(`docs.versions has two versions named "${version.name}".`);
    names.add(version.name);
  });
}

export function findDocsVersion(versions: readonly DocsVersionConfig[], name: string): DocsVersionConfig {
  const version = versions.find((candidate) => candidate.name === name);
  if (!version) {
    throw new SiteConfigError(
      `No docs version named "${name}". Known versions: ${versions.map((v) => v.name).join(', ')}.`,
    );
  }
  return version;
}

/** The stored preference if that version still exists, else null. */
export function validPreferredVersion(stored: string | null, versions: readonly DocsVersionConfig[]): string | null {
  return stored !== null && versions.some((version) => version.name === stored) ? stored : null;
}

/** Clears a stored preference for a version the site no longer has. */
export function forgetRetiredPreferredVersion(slot: StorageSlot, versions: readonly DocsVersionConfig[]): void {
  const stored = slot.get();
  if (stored !== null && validPreferredVersion(stored, versions) === null) slot.del();
}
