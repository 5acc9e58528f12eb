// Configuration of the public documentation site: navbar, footer, announcement bar, versions,
// locales, search and the checkout widget used by the showcase page. Validated when the site
// starts (validateSiteConfig), so a mistake here fails loudly in development.

import { announcementBar } from './announcement/config';
import { colorModeConfig } from './color-mode/config';
import { SITE_NAME, SITE_TAGLINE } from '../app/page-head';
import type { SiteConfig } from './config-types';

// Deployment-specific addresses come from the build environment (Vite exposes VITE_* variables).
const env = import.meta.env;

// The year the pages were prerendered in, so a browser hydrating them next year renders the same
// footer (web/vite.config.ts defines it; unit tests, which have no build, take this year).
const copyrightYear = typeof __TESSERA_BUILD_YEAR__ === 'number' ? __TESSERA_BUILD_YEAR__ : new Date().getFullYear();

export const siteConfig: SiteConfig = {
  title: SITE_NAME,
  tagline: SITE_TAGLINE,
  colorMode: colorModeConfig,
  announcementBar: {
    ...announcementBar,
    link: env.VITE_TESSERA_SURVEY_URL ? { label: 'Take the survey', href: env.VITE_TESSERA_SURVEY_URL } : null,
  },
  navbar: {
    title: 'Tessera',
    hideOnScroll: true,
    style: 'primary',
    items: [
      { type: 'docLink', label: 'Documentation', to: '/docs', position: 'left' },
      {
        type: 'dropdown',
        label: 'API',
        position: 'left',
        items: [
          { label: 'API v2', to: '/api-v2' },
          { label: 'API v1', to: '/openapi/', deprecated: true },
          { label: 'API Wallet', to: '/wallet' },
        ],
      },
      { type: 'docsVersionDropdown' },
      { type: 'localeDropdown' },
      { type: 'search' },
      {
        type: 'link',
        label: 'Sandbox dashboard',
        // The local sandbox's dashboard is the Temporal UI that `npm start` runs (README.md).
        href: env.VITE_TESSERA_DASHBOARD_URL || 'http://127.0.0.1:8233',
        className: 'button button--primary',
      },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Documentation',
        items: [
          { label: 'Introduction', to: '/docs/understand/introduction' },
          { label: 'Getting started', to: '/docs/integrate/getting-started' },
          { label: 'Conventions', to: '/docs/references/convention' },
        ],
      },
      {
        title: 'API reference',
        items: [
          { label: 'API v2', to: '/api-v2' },
          { label: 'API v1 (deprecated)', to: '/openapi/' },
          { label: 'API Wallet', to: '/wallet' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'Search the documentation', to: '/search' },
          { label: 'Checkout showcase', to: '/docs/checkout-showcase/' },
        ],
      },
    ],
    logo: { alt: 'Tessera', href: '/' },
    copyright: `Copyright © ${copyrightYear} Tessera contributors. Open-source payment orchestration.`,
  },
  docs: {
    versions: [{ name: 'current', label: 'Current', path: '/docs', mainDocId: 'home' }],
  },
  i18n: { defaultLocale: 'en', locales: [{ code: 'en', label: 'English' }] },
  search: { searchPagePath: '/search', modalResultLimit: 8 },
  checkoutWidget: {
    // Served by the api on the same origin as the docs.
    scriptUrl: env.VITE_TESSERA_WIDGET_URL || '/widget/v1/tessera-widget.js',
  },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
};
