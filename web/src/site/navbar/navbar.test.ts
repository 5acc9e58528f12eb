import { describe, expect, it } from 'vitest';
import { SiteConfigError } from '../errors';
import { navbarVisibleAfterScroll, type ScrollSample } from './hideable';
import { DEFAULT_NAVBAR_POSITION, lookupNavbarItemType, splitNavbarItems } from './navbar-items';

describe('navbar items', () => {
  it('go right unless placed left', () => {
    expect(DEFAULT_NAVBAR_POSITION).toBe('right');
    const { left, right } = splitNavbarItems([
      { type: 'search' },
      { type: 'docLink', position: 'left' },
      { type: 'link', position: 'right' },
    ]);
    expect(left.map((item) => item.type)).toEqual(['docLink']);
    expect(right.map((item) => item.type)).toEqual(['search', 'link']);
  });

  it('of an unknown type are a developer error', () => {
    const registry = { link: 'LinkComponent' };
    expect(lookupNavbarItemType(registry, 'link')).toBe('LinkComponent');
    expect(() => lookupNavbarItemType(registry, 'fancy')).toThrow(SiteConfigError);
    expect(() => lookupNavbarItemType(registry, 'fancy')).toThrow(
      'No navbar item component found for type "fancy". Known types: link.',
    );
    // Not fooled by Object.prototype.
    expect(() => lookupNavbarItemType(registry, 'toString')).toThrow(/type "toString"/);
  });
});

describe('navbar hiding on scroll', () => {
  const sample = (scrollTop: number, lastScrollTop: number | null): ScrollSample => ({
    scrollTop,
    lastScrollTop,
    navbarHeight: 60,
    documentHeight: 3000,
    windowHeight: 800,
  });

  it('hides while scrolling down', () => {
    expect(navbarVisibleAfterScroll(sample(400, 300), true)).toBe(false);
  });

  it('shows again when scrolling up', () => {
    expect(navbarVisibleAfterScroll(sample(300, 400), false)).toBe(true);
  });

  it('always shows near the top', () => {
    expect(navbarVisibleAfterScroll(sample(30, 10), false)).toBe(true);
  });

  it('ignores the bounce past the bottom of the page', () => {
    expect(navbarVisibleAfterScroll(sample(2300, 2400), false)).toBe(false);
  });
});
