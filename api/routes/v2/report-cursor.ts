// The cursors of the report listings: opaque to clients (base64url), a position in the listing's
// order to the server: an instant and an id, the keyset the next page starts after.
const VERSION = 'v1';

export interface CursorPosition {
  /** ISO 8601 instant. */
  at: string;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${VERSION}|${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or undefined when it is not one these listings gave. */
export function decodeCursor(cursor: string): CursorPosition | undefined {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 3 || parts[0] !== VERSION) return undefined;
  const [, at, id] = parts as [string, string, string];
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(at) || Number.isNaN(Date.parse(at))) return undefined;
  return { at, id };
}
