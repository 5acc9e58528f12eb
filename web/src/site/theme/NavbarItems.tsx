// Navbar item components, one per configured `type` (see site-config.ts). The same components render
// in the desktop navbar and, with `mobile`, as entries of the mobile sidebar's main menu.

import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { useDocsVersion } from '../docs-version/DocsVersionProvider';
import { SiteConfigError } from '../errors';
import type { NavbarItemConfig, NavbarLink } from '../config-types';
import { lookupNavbarItemType } from '../navbar/navbar-items';
import { siteConfig } from '../site-config';
import { ExternalIcon, LanguageIcon } from './icons';
import { SearchButton } from './search/SearchButton';
import { isInternalHref, SiteLink } from './SiteLink';

export interface NavbarItemProps {
  item: NavbarItemConfig;
  mobile: boolean;
}

function requireField(item: NavbarItemConfig, field: 'label' | 'to'): string {
  const value = item[field];
  if (!value) throw new SiteConfigError(`Navbar item of type "${item.type}" needs a "${field}".`);
  return value;
}

function itemClass(mobile: boolean, extra = ''): string {
  return `${mobile ? 'menu__link' : 'navbar__item navbar__link'} ${extra}`.trim();
}

function DocLinkItem({ item, mobile }: NavbarItemProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const to = requireField(item, 'to');
  // Active on the whole documentation section, not only its home page.
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <SiteLink href={to} className={itemClass(mobile, active ? 'is-active' : '')}>
      {requireField(item, 'label')}
    </SiteLink>
  );
}

function LinkItem({ item, mobile }: NavbarItemProps) {
  const href = item.to ?? item.href;
  if (!href) throw new SiteConfigError(`Navbar link "${item.label ?? '?'}" needs a "to" or an "href".`);
  return (
    <SiteLink href={href} className={itemClass(mobile, item.className)} activeClassName="is-active">
      {requireField(item, 'label')}
      {!isInternalHref(href) && <ExternalIcon />}
    </SiteLink>
  );
}

function DeprecatedBadge() {
  return <span className="badge badge--deprecated">Deprecated</span>;
}

function Dropdown({
  label,
  mobile,
  icon,
  children,
}: {
  label: string;
  mobile: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    // On desktop a click elsewhere closes the floating menu, as for a native <select>. (On 'click',
    // not 'pointerdown': closing earlier would move what the reader is clicking on.) In the mobile
    // sidebar the list is inline and stays open.
    if (!open || mobile) return undefined;
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open, mobile]);
  return (
    <div
      ref={root}
      className={`${mobile ? 'menu__dropdown' : 'navbar__item dropdown'} ${open ? 'dropdown--open' : ''}`}
    >
      <button
        type="button"
        className={mobile ? 'menu__link menu__caret' : 'navbar__link dropdown__toggle'}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {icon}
        {label}
      </button>
      <ul id={menuId} className={mobile ? 'menu__list' : 'dropdown__menu'} hidden={mobile && !open}>
        {children}
      </ul>
    </div>
  );
}

function DropdownLink({ link, mobile, onSelect }: { link: NavbarLink; mobile: boolean; onSelect?: () => void }) {
  return (
    <li>
      <SiteLink
        href={link.to}
        className={mobile ? 'menu__link' : 'dropdown__link'}
        activeClassName="is-active"
        onClick={onSelect}
      >
        {link.label}
        {link.deprecated && <DeprecatedBadge />}
      </SiteLink>
    </li>
  );
}

function DropdownItem({ item, mobile }: NavbarItemProps) {
  const items = item.items ?? [];
  if (items.length === 0) throw new SiteConfigError(`Navbar dropdown "${item.label ?? '?'}" has no items.`);
  return (
    <Dropdown label={requireField(item, 'label')} mobile={mobile}>
      {items.map((link) => (
        <DropdownLink key={link.to} link={link} mobile={mobile} />
      ))}
    </Dropdown>
  );
}

function DocsVersionDropdownItem({ mobile }: NavbarItemProps) {
  const { versions, activeVersion, savePreferredVersion } = useDocsVersion();
  return (
    <Dropdown label={activeVersion.label} mobile={mobile}>
      {versions.map((version) => (
        <DropdownLink
          key={version.name}
          link={{ label: version.label, to: version.path }}
          mobile={mobile}
          onSelect={() => savePreferredVersion(version.name)}
        />
      ))}
    </Dropdown>
  );
}

function LocaleDropdownItem({ mobile }: NavbarItemProps) {
  const { locales, defaultLocale } = siteConfig.i18n;
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = locales.find((locale) => locale.code === defaultLocale) ?? locales[0];
  return (
    <Dropdown label={current?.label ?? defaultLocale} mobile={mobile} icon={<LanguageIcon />}>
      {/* One locale today; each entry links to the current page in that locale. */}
      {locales.map((locale) => (
        <li key={locale.code}>
          <SiteLink href={pathname} className={mobile ? 'menu__link' : 'dropdown__link'} lang={locale.code}>
            {locale.label}
          </SiteLink>
        </li>
      ))}
    </Dropdown>
  );
}

function SearchItem({ mobile }: NavbarItemProps) {
  // In the mobile sidebar the navbar's own search button stays available; no second one.
  return mobile ? null : (
    <div className="navbar__search">
      <SearchButton />
    </div>
  );
}

const navbarItemComponents: Record<string, ComponentType<NavbarItemProps>> = {
  docLink: DocLinkItem,
  link: LinkItem,
  dropdown: DropdownItem,
  docsVersionDropdown: DocsVersionDropdownItem,
  localeDropdown: LocaleDropdownItem,
  search: SearchItem,
};

export function NavbarItem({ item, mobile }: NavbarItemProps) {
  const Component = lookupNavbarItemType(navbarItemComponents, item.type);
  return <Component item={item} mobile={mobile} />;
}
