// /openapi/: reference of the deprecated API v1.

import { createFileRoute } from '@tanstack/react-router';
import document from 'virtual:tessera/openapi/v1';
import { ApiReferencePage } from '../../api-reference/ApiReferencePage';

export const Route = createFileRoute('/_site/openapi')({
  component: () => (
    <ApiReferencePage
      document={document}
      title="API v1 reference"
      deprecated
      documentUrl="/openapi/v1.json"
      guide={{ href: '/docs/integrate/api-v1/', label: 'API v1 guide and migration' }}
    />
  ),
});
