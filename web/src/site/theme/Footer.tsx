import { siteConfig } from '../site-config';
import { Logo } from './icons';
import { SiteLink } from './SiteLink';

export function Footer() {
  const { footer } = siteConfig;
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__links">
        {footer.links.map((column) => (
          <div key={column.title} className="footer__col">
            <div className="footer__title">{column.title}</div>
            <ul className="footer__items">
              {column.items.map((item) => {
                const href = item.to ?? item.href;
                return href ? (
                  <li key={item.label}>
                    <SiteLink href={href} className="footer__link">
                      {item.label}
                    </SiteLink>
                  </li>
                ) : null;
              })}
            </ul>
          </div>
        ))}
      </div>
      <div className="footer__bottom">
        <SiteLink href={footer.logo.href} className="footer__logo" aria-label={footer.logo.alt}>
          <Logo size={40} />
        </SiteLink>
        <div className="footer__copyright">{footer.copyright}</div>
      </div>
    </footer>
  );
}
