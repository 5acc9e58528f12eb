// A demo merchant page embedding the checkout widget (root-level: no docs shell). See
// src/checkout/demo/DemoMerchantPage.tsx.
import { createFileRoute } from '@tanstack/react-router';
import { DemoMerchantPage, type DemoOptions } from '../checkout/demo/DemoMerchantPage';

interface DemoSearch {
  widget_data?: string;
  theme?: 'auto' | 'light' | 'dark';
  locale?: string;
  return?: 'manual';
}

export const Route = createFileRoute('/demo/merchant')({
  validateSearch: (search: Record<string, unknown>): DemoSearch => ({
    ...(typeof search.widget_data === 'string' && search.widget_data ? { widget_data: search.widget_data } : {}),
    ...(search.theme === 'light' || search.theme === 'dark' || search.theme === 'auto' ? { theme: search.theme } : {}),
    ...(typeof search.locale === 'string' && search.locale ? { locale: search.locale } : {}),
    ...(search.return === 'manual' ? { return: 'manual' as const } : {}),
  }),
  component: function DemoMerchantRoute() {
    const search = Route.useSearch();
    const options: DemoOptions = {
      ...(search.widget_data ? { widgetData: search.widget_data } : {}),
      ...(search.theme ? { theme: search.theme } : {}),
      ...(search.locale ? { locale: search.locale } : {}),
      ...(search.return === 'manual' ? { returnToMerchant: false } : {}),
    };
    return <DemoMerchantPage options={options} />;
  },
});
