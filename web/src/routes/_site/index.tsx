import { createFileRoute } from '@tanstack/react-router';
import { documentTitle, routeHead, SITE_TAGLINE } from '../../app/page-head';
import { HomePage } from '../../site/theme/HomePage';

export const Route = createFileRoute('/_site/')({
  head: () => routeHead({ title: documentTitle(null), description: SITE_TAGLINE }),
  component: HomePage,
});
