import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../../site/theme/search/SearchPage';

export const Route = createFileRoute('/_site/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' ? { q: search.q } : {},
  component: function SearchRoute() {
    const { q = '' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SearchPage
        query={q}
        onQueryChange={(next) => void navigate({ search: next ? { q: next } : {}, replace: true })}
      />
    );
  },
});
