// /wallet: reference of the wallet API.

import { createFileRoute } from '@tanstack/react-router';
import document from 'virtual:tessera/openapi/wallet';
import { ApiReferencePage } from '../../api-reference/ApiReferencePage';
import { documentTitle, routeHead } from '../../app/page-head';

const TITLE = 'Wallet API reference';

export const Route = createFileRoute('/_site/wallet')({
  head: () =>
    routeHead({
      title: documentTitle(TITLE),
      description:
        "Every operation of the wallet API: wallet sessions and a customer's saved payment tokens (list, add, favourite, change status, delete), with its ApiError answers.",
    }),
  component: () => <ApiReferencePage document={document} title={TITLE} documentUrl="/openapi/wallet.json" />,
});
