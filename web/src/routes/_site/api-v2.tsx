// /api-v2: reference of the orchestration API v2.

import { createFileRoute } from '@tanstack/react-router';
import document from 'virtual:tessera/openapi/v2';
import { ApiReferencePage } from '../../api-reference/ApiReferencePage';
import { documentTitle, routeHead } from '../../app/page-head';

const TITLE = 'API v2 reference';

export const Route = createFileRoute('/_site/api-v2')({
  head: () =>
    routeHead({
      title: documentTitle(TITLE),
      description:
        'Every operation of the orchestration API v2 (client sessions, payments, captures, voids, refunds, vault): parameters, bodies, answers and errors.',
    }),
  component: () => <ApiReferencePage document={document} title={TITLE} documentUrl="/openapi/v2.json" />,
});
