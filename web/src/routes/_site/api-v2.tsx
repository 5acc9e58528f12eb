// /api-v2: reference of the orchestration API v2.

import { createFileRoute } from '@tanstack/react-router';
import document from 'virtual:tessera/openapi/v2';
import { ApiReferencePage } from '../../api-reference/ApiReferencePage';

export const Route = createFileRoute('/_site/api-v2')({
  component: () => <ApiReferencePage document={document} title="API v2 reference" documentUrl="/openapi/v2.json" />,
});
