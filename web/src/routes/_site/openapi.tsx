// /openapi/: reference of the deprecated API v1.

import { createFileRoute } from '@tanstack/react-router';
import document from 'virtual:tessera/openapi/v1';
import { ApiReferencePage } from '../../api-reference/ApiReferencePage';
import { documentTitle, routeHead } from '../../app/page-head';

const TITLE = 'API v1 reference';

export const Route = createFileRoute('/_site/openapi')({
  head: () =>
    routeHead({
      title: documentTitle(TITLE),
      description:
        'Every operation of the deprecated API v1 (sessions, init, validate, transactions, point of sale) that existing shop plugins call, with its schemas and ApiError answers.',
    }),
  component: () => (
    <ApiReferencePage
      document={document}
      title={TITLE}
      deprecated
      documentUrl="/openapi/v1.json"
      guide={{ href: '/docs/integrate/api-v1/', label: 'API v1 guide and migration' }}
    />
  ),
});
