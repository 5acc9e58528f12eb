// Configuration of the public documentation site: navbar, footer, announcement bar, versions,
// locales, search and the checkout widget used by the showcase page. Validated when the site
// starts (validateSiteConfig), so a mistake here fails loudly in development.

import { colorModeConfig } from './color-mode/config';
import type { SiteConfig } from './config-types';

// Deployment-specific addresses come from the build environment (Vite exposes VITE_* variables).
const env = import.meta.env;

export const siteConfig: SiteConfig = {
  title: 'Tessera',
  tagline: 'Documentation to integrate or extend the Tessera payment orchestration service.',
  colorMode: colorModeConfig,
  announcementBar: {
    id: 'developer-survey-1',
    content: 'Help us improve the Tessera developer documentation: tell us what you need in our short survey.',
    link: env.VITE_TESSERA_SURVEY_URL ? { label: 'Take the survey', href: env.VITE_TESSERA_SURVEY_URL } : null,
    backgroundColor: '#1f4e8c',
    textColor: '#ffffff',
    isCloseable: true,
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
    copyright: `Copyright © ${new Date().getFullYear()} Tessera contributors. Open-source payment orchestration.`,
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
