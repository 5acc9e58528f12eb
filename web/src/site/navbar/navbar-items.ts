// Navbar items are configured by type; the theme maps each type to a component.

import { SiteConfigError } from '../errors';
import type { NavbarItemConfig, NavbarPosition } from '../config-types';

/** Items without a position go right (this site's default, unlike Docusaurus's left). */
export const DEFAULT_NAVBAR_POSITION: NavbarPosition = 'right';

export function itemPosition(item: NavbarItemConfig): NavbarPosition {
  return item.position ?? DEFAULT_NAVBAR_POSITION;
}

export function splitNavbarItems(items: readonly NavbarItemConfig[]): {
  left: NavbarItemConfig[];
  right: NavbarItemConfig[];
} {
  return {
    left: items.filter((item) => itemPosition(item) === 'left'),
    right: items.filter((item) => itemPosition(item) === 'right'),
  };
}

export function lookupNavbarItemType<T>(registry: Readonly<Record<string, T>>, type: string): T {
  const component = Object.hasOwn(registry, type) ? registry[type] : undefined;
  if (component === undefined) {
    throw new SiteConfigError(
      `No navbar item component found for type "${type}". Known types: ${Object.keys(registry).join(', ')}.`,
    );
  }
  return component;
}
