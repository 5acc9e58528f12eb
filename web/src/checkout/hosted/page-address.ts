/** `/entities/{entity_id}/sessions/{session_id}` (optionally with a trailing slash) → its ids. */
export function hostedPageAddress(pathname: string): { entityId: string; sessionId: string } | null {
  const match = /^\/entities\/([^/]+)\/sessions\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return { entityId: decodeURIComponent(match[1]!), sessionId: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
