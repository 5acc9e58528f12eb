// A docs sidebar's menu; the desktop sidebar and the mobile sidebar's secondary menu both use it.

import { useState } from 'react';
import { useLocation } from '@tanstack/react-router';
import type { SidebarItem } from '../../../docs/sidebar';
import { SiteLink } from '../SiteLink';

function samePath(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function containsPath(item: SidebarItem, pathname: string): boolean {
  if (item.href && samePath(item.href, pathname)) return true;
  return item.type === 'category' && item.items.some((child) => containsPath(child, pathname));
}

export function SidebarMenu({ items }: { items: readonly SidebarItem[] }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <ul className="menu__list">
      {items.map((item, index) => (
        <SidebarEntry key={index} item={item} level={1} pathname={pathname} />
      ))}
    </ul>
  );
}

function SidebarEntry({ item, level, pathname }: { item: SidebarItem; level: number; pathname: string }) {
  if (item.type === 'link') {
    const active = samePath(item.href, pathname);
    return (
      <li className="menu__list-item">
        <SiteLink
          href={item.href}
          className={`menu__link ${active ? 'menu__link--active' : ''}`}
          aria-current={active ? 'page' : undefined}
        >
          {item.label}
        </SiteLink>
      </li>
    );
  }
  return <SidebarCategory item={item} level={level} pathname={pathname} />;
}

function SidebarCategory({
  item,
  level,
  pathname,
}: {
  item: Extract<SidebarItem, { type: 'category' }>;
  level: number;
  pathname: string;
}) {
  // Top-level sections start open; deeper ones open when they hold the current page.
  const [expanded, setExpanded] = useState(() => level === 1 || containsPath(item, pathname));
  const active = item.href !== null && samePath(item.href, pathname);
  return (
    <li className={`menu__list-item ${expanded ? '' : 'menu__list-item--collapsed'}`}>
      <div className="menu__category">
        {item.href ? (
          <SiteLink href={item.href} className={`menu__link ${active ? 'menu__link--active' : ''}`}>
            {item.label}
          </SiteLink>
        ) : (
          <span className="menu__link menu__category-label">{item.label}</span>
        )}
        <button
          type="button"
          className="menu__caret-button"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`}
          onClick={() => setExpanded(!expanded)}
        />
      </div>
      {/* Collapsed items stay in the page (hidden) so their links remain discoverable. */}
      <ul className="menu__list" hidden={!expanded}>
        {item.items.map((child, index) => (
          <SidebarEntry key={index} item={child} level={level + 1} pathname={pathname} />
        ))}
      </ul>
    </li>
  );
}
