// Whether to preload a page's code when the reader shows intent (hover, focus, touch) on a link.
// Skipped on a slow 2g connection or when the reader asked to save data (as Docusaurus does):
// there, a preload competes with what the reader actually opens.

export interface ConnectionLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function shouldPrefetch(connection: ConnectionLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

interface NetworkInformationLike extends ConnectionLike {
  addEventListener?(type: 'change', listener: () => void): void;
}

/** navigator.connection, which only Chromium-based browsers have (and TypeScript's DOM types lack). */
export function browserConnection(): NetworkInformationLike | undefined {
  if (typeof navigator === 'undefined' || !('connection' in navigator)) return undefined;
  const connection: unknown = navigator.connection;
  return typeof connection === 'object' && connection !== null ? connection : undefined;
}
