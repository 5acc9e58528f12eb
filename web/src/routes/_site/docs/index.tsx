// /docs: the documentation home (doc id "home").

import { createFileRoute } from '@tanstack/react-router';
import { docRouteHead } from '../../../app/page-head';
import { DocPage } from '../../../site/theme/docs/DocPage';

export const Route = createFileRoute('/_site/docs/')({
  loader: async ({ location }) => (await import('../../../docs/load-doc-page')).loadDocPage(location.pathname),
  head: ({ loaderData }) => docRouteHead(loaderData),
  component: function DocsHome() {
    return <DocPage {...Route.useLoaderData()} />;
  },
});
