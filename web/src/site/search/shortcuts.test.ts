import { describe, expect, it } from 'vitest';
import { isEditingTarget, searchShortcutAction, type KeyLike } from './shortcuts';

const key = (overrides: Partial<KeyLike>): KeyLike => ({
  key: 'x',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY' },
  ...overrides,
});

describe('search shortcuts', () => {
  it('opens with Ctrl+K or Cmd+K and closes with them too', () => {
    expect(searchShortcutAction(key({ key: 'k', ctrlKey: true }), false)).toBe('open');
    expect(searchShortcutAction(key({ key: 'K', metaKey: true }), false)).toBe('open');
    expect(searchShortcutAction(key({ key: 'k', ctrlKey: true }), true)).toBe('close');
  });

  it('opens with Ctrl+K even while typing in a field', () => {
    expect(searchShortcutAction(key({ key: 'k', ctrlKey: true, target: { tagName: 'INPUT' } }), false)).toBe('open');
  });

  it('opens with "/" unless the reader is typing', () => {
    expect(searchShortcutAction(key({ key: '/' }), false)).toBe('open');
    expect(searchShortcutAction(key({ key: '/', target: { tagName: 'INPUT' } }), false)).toBeNull();
    expect(searchShortcutAction(key({ key: '/', target: { tagName: 'TEXTAREA' } }), false)).toBeNull();
    expect(
      searchShortcutAction(key({ key: '/', target: { tagName: 'DIV', isContentEditable: true } }), false),
    ).toBeNull();
    expect(searchShortcutAction(key({ key: '/' }), true)).toBeNull();
  });

  it('closes with Escape only when open', () => {
    expect(searchShortcutAction(key({ key: 'Escape' }), true)).toBe('close');
    expect(searchShortcutAction(key({ key: 'Escape' }), false)).toBeNull();
  });

  it('ignores other keys', () => {
    expect(searchShortcutAction(key({ key: 'k' }), false)).toBeNull();
    expect(searchShortcutAction(key({ key: 'k', ctrlKey: true, altKey: true }), false)).toBeNull();
  });

  it('knows what typing targets are', () => {
    expect(isEditingTarget(null)).toBe(false);
    expect(isEditingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isEditingTarget({ tagName: 'A' })).toBe(false);
  });
});
