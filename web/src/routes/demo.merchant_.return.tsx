// The demo merchant's shopper_redirection_url: shows what Tessera sent back.
import { createFileRoute } from '@tanstack/react-router';
import { DemoReturnPage } from '../checkout/demo/DemoReturnPage';

export const Route = createFileRoute('/demo/merchant_/return')({
  validateSearch: (search: Record<string, unknown>): { 'purse-redirection-data'?: string } =>
    typeof search['purse-redirection-data'] === 'string'
      ? { 'purse-redirection-data': search['purse-redirection-data'] }
      : {},
  component: function DemoReturnRoute() {
    const search = Route.useSearch();
    return <DemoReturnPage redirectionData={search['purse-redirection-data']} />;
  },
});
