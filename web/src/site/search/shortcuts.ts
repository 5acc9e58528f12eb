// Keyboard shortcuts of the search modal (as DocSearch): Ctrl/Cmd+K toggles it anywhere, "/" opens
// it unless the reader is typing somewhere, Escape closes it.

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: unknown;
}

export type ShortcutAction = 'open' | 'close' | null;

export function searchShortcutAction(event: KeyLike, isOpen: boolean): ShortcutAction {
  if (event.key === 'Escape') return isOpen ? 'close' : null;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k')
    return isOpen ? 'close' : 'open';
  if (
    event.key === '/' &&
    !isOpen &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isEditingTarget(event.target)
  )
    return 'open';
  return null;
}

interface EditableLike {
  tagName?: unknown;
  isContentEditable?: unknown;
}

export function isEditingTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element: EditableLike = target;
  if (element.isContentEditable === true) return true;
  return element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT';
}
