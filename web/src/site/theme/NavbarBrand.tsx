import { siteConfig } from '../site-config';
import { Logo } from './icons';
import { SiteLink } from './SiteLink';

export function NavbarBrand() {
  return (
    <SiteLink href="/" className="navbar__brand">
      <Logo size={30} />
      <b className="navbar__title">{siteConfig.navbar.title}</b>
    </SiteLink>
  );
}
