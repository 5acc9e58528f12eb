import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../site/theme/HomePage';

export const Route = createFileRoute('/_site/')({
  component: HomePage,
});
