// /wallet: reference of the wallet API.

import { createFileRoute } from '@tanstack/react-router';
import document from 'virtual:tessera/openapi/wallet';
import { ApiReferencePage } from '../../api-reference/ApiReferencePage';

export const Route = createFileRoute('/_site/wallet')({
  component: () => (
    <ApiReferencePage document={document} title="Wallet API reference" documentUrl="/openapi/wallet.json" />
  ),
});
