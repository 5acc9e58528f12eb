// Any path no other route matches: the not-found page, inside the docs shell.

import { createFileRoute } from '@tanstack/react-router';
import { NOT_FOUND_HEAD, routeHead } from '../../app/page-head';
import { NotFound } from '../../site/theme/NotFound';

export const Route = createFileRoute('/_site/$')({
  head: () => routeHead(NOT_FOUND_HEAD),
  component: NotFound,
});
