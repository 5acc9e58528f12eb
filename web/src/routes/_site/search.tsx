import { createFileRoute } from '@tanstack/react-router';
import { documentTitle, routeHead } from '../../app/page-head';
import { SearchPage } from '../../site/theme/search/SearchPage';

export const Route = createFileRoute('/_site/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' ? { q: search.q } : {},
  head: ({ match }) =>
    routeHead({
      title: documentTitle(match.search.q ? `Search results for "${match.search.q}"` : 'Search the documentation'),
      description: 'Search every page of the Tessera documentation: guides, tutorials, references and the glossary.',
    }),
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
