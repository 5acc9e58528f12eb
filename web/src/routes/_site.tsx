// Pathless layout of every documentation-site route: the docs shell (navbar, footer, search...).
// The shopper's checkout routes are outside it and never download it.

import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '../site/theme/SiteLayout';
import { NotFound } from '../site/theme/NotFound';

export const Route = createFileRoute('/_site')({
  component: SiteLayout,
  notFoundComponent: NotFound,
});
