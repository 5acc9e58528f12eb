// Any path no other route matches: the not-found page, inside the docs shell.

import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../site/theme/NotFound';

export const Route = createFileRoute('/_site/$')({
  component: NotFound,
});
