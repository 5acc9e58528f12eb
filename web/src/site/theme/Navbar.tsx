import { siteConfig } from '../site-config';
import { splitNavbarItems } from '../navbar/navbar-items';
import { useMobileSidebar } from '../navbar/MobileSidebarProvider';
import { useHideableNavbar } from '../navbar/useHideableNavbar';
import { ColorModeToggle } from './ColorModeToggle';
import { MenuIcon } from './icons';
import { MobileSidebar } from './MobileSidebar';
import { NavbarBrand } from './NavbarBrand';
import { NavbarItem } from './NavbarItems';
import { SearchButton } from './search/SearchButton';

export function Navbar() {
  const { navbar } = siteConfig;
  const { navbarRef, isNavbarVisible } = useHideableNavbar(navbar.hideOnScroll);
  const mobileSidebar = useMobileSidebar();
  const { left, right } = splitNavbarItems(navbar.items);
  const hasSearch = navbar.items.some((item) => item.type === 'search');
  return (
    <nav
      ref={navbarRef}
      aria-label="Main"
      className={`navbar navbar--${navbar.style} ${isNavbarVisible ? '' : 'navbar--hidden'} ${mobileSidebar.shown ? 'navbar-sidebar--show' : ''}`}
    >
      <div className="navbar__inner">
        <div className="navbar__items">
          {mobileSidebar.isMobile && (
            <button
              type="button"
              className="navbar__toggle"
              aria-label="Toggle navigation bar"
              aria-expanded={mobileSidebar.shown}
              onClick={mobileSidebar.toggle}
            >
              <MenuIcon />
            </button>
          )}
          <NavbarBrand />
          {left.map((item, index) => (
            <NavbarItem key={index} item={item} mobile={false} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map((item, index) => (
            <NavbarItem key={index} item={item} mobile={false} />
          ))}
          <ColorModeToggle className="navbar__color-mode" />
          {mobileSidebar.isMobile && hasSearch && (
            <div className="navbar__search navbar__search--mobile">
              <SearchButton compact />
            </div>
          )}
        </div>
      </div>
      {mobileSidebar.shown && <MobileSidebar />}
    </nav>
  );
}
