// The navbar's sidebar at ≤ 996 px: the page's own menu (docs sidebar) first when it has one, with
// a button back to the main menu (the navbar items).

import { siteConfig } from '../site-config';
import { useMobileSidebar } from '../navbar/MobileSidebarProvider';
import { ColorModeToggle } from './ColorModeToggle';
import { CloseIcon } from './icons';
import { NavbarBrand } from './NavbarBrand';
import { NavbarItem } from './NavbarItems';

export function MobileSidebar() {
  const { close, secondaryMenu, secondaryShown, showMainMenu, showSecondaryMenu } = useMobileSidebar();
  return (
    <>
      <div className="navbar-sidebar__backdrop" role="presentation" onClick={close} />
      <div className="navbar-sidebar" role="dialog" aria-label="Navigation">
        <div className="navbar-sidebar__brand">
          <NavbarBrand />
          <ColorModeToggle />
          <button type="button" className="navbar-sidebar__close" aria-label="Close navigation bar" onClick={close}>
            <CloseIcon size={18} />
          </button>
        </div>
        <div className="navbar-sidebar__items">
          {secondaryShown ? (
            <div className="navbar-sidebar__secondary">
              <button type="button" className="navbar-sidebar__back" onClick={showMainMenu}>
                ← Back to main menu
              </button>
              {secondaryMenu}
            </div>
          ) : (
            <div className="navbar-sidebar__primary">
              <ul className="menu__list">
                {siteConfig.navbar.items
                  .filter((item) => item.type !== 'search')
                  .map((item, index) => (
                    <li key={index} className="menu__list-item">
                      <NavbarItem item={item} mobile />
                    </li>
                  ))}
              </ul>
              {secondaryMenu !== null && (
                <button type="button" className="navbar-sidebar__back" onClick={showSecondaryMenu}>
                  Documentation menu →
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </>
  );
}
