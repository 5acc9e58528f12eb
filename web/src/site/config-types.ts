// Shape of the documentation site's configuration (web/src/site/site-config.ts).

export type ColorMode = 'light' | 'dark';

export interface ColorModeConfig {
  defaultMode: ColorMode;
  /** Hides the toggle and forgets any stored choice. */
  disableSwitch: boolean;
  /** Offers "system" (follow the operating system) as a third choice. */
  respectPrefersColorScheme: boolean;
}

export interface AnnouncementBarConfig {
  /** Change it to show the bar again to readers who closed an earlier announcement. */
  id: string;
  content: string;
  link: { label: string; href: string } | null;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface NavbarLink {
  label: string;
  to: string;
  /** Marks the entry as deprecated (e.g. API v1). */
  deprecated?: boolean;
}

export type NavbarPosition = 'left' | 'right';

/** `type` is a plain string on purpose: an unknown type is reported by the navbar at run time. */
export interface NavbarItemConfig {
  type: string;
  position?: NavbarPosition;
  label?: string;
  to?: string;
  href?: string;
  items?: NavbarLink[];
  className?: string;
}

export interface NavbarConfig {
  title: string;
  items: NavbarItemConfig[];
  hideOnScroll: boolean;
  style: 'primary' | 'dark';
}

export interface FooterConfig {
  style: 'light' | 'dark';
  links: { title: string; items: { label: string; to?: string; href?: string }[] }[];
  logo: { alt: string; href: string };
  copyright: string;
}

export interface DocsVersionConfig {
  name: string;
  label: string;
  /** Route of the version's documentation, e.g. /docs. */
  path: string;
  /** Id of the page the version dropdown links to. */
  mainDocId: string;
}

export interface LocaleConfig {
  code: string;
  label: string;
}

export interface SiteConfig {
  title: string;
  tagline: string;
  colorMode: ColorModeConfig;
  announcementBar: AnnouncementBarConfig | null;
  navbar: NavbarConfig;
  footer: FooterConfig;
  docs: { versions: DocsVersionConfig[] };
  i18n: { defaultLocale: string; locales: LocaleConfig[] };
  search: { searchPagePath: string; modalResultLimit: number };
  checkoutWidget: { scriptUrl: string };
  tableOfContents: { minHeadingLevel: number; maxHeadingLevel: number };
}
