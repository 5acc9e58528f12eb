// Layout of the /docs routes: the page's sidebar (docsSidebar or showcaseSidebar, 300 px) beside the
// page. On mobile the same sidebar becomes the navbar sidebar's secondary menu.

import { useMemo } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { findDocByPath, sidebarNameOf, sidebars } from '../../../docs/registry';
import { useMobileSidebar, useSecondaryMenuFiller } from '../../navbar/MobileSidebarProvider';
import { SidebarMenu } from './SidebarMenu';

export function DocsLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const doc = findDocByPath(pathname);
  const sidebarName = doc ? sidebarNameOf(doc) : null;
  const items = sidebarName ? (sidebars[sidebarName] ?? null) : null;
  // Memoized: a new element on every render would re-register the menu in a loop.
  const menu = useMemo(() => (items ? <SidebarMenu items={items} /> : null), [items]);
  useSecondaryMenuFiller(menu);
  const { isMobile } = useMobileSidebar();
  return (
    <div className={`docs-wrapper ${items ? 'docs-wrapper--with-sidebar' : ''}`}>
      {items && !isMobile && (
        <aside className="doc-sidebar" aria-label="Docs sidebar" data-sidebar={sidebarName}>
          <div className="doc-sidebar__viewport">
            <nav className="menu doc-sidebar__menu">{menu}</nav>
          </div>
        </aside>
      )}
      <div className="docs-main">
        <Outlet />
      </div>
    </div>
  );
}
