import { createFileRoute } from '@tanstack/react-router';
import { DocsLayout } from '../../../site/theme/docs/DocsLayout';
import { NotFound } from '../../../site/theme/NotFound';

export const Route = createFileRoute('/_site/docs')({
  component: DocsLayout,
  notFoundComponent: NotFound,
});
