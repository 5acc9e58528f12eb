// /docs/<page path>: every other documentation page, found in the build's docs manifest.

import { createFileRoute } from '@tanstack/react-router';
import { DocPage } from '../../../site/theme/docs/DocPage';

export const Route = createFileRoute('/_site/docs/$')({
  loader: async ({ location }) => (await import('../../../docs/load-doc-page')).loadDocPage(location.pathname),
  component: function DocRoute() {
    return <DocPage {...Route.useLoaderData()} />;
  },
});
