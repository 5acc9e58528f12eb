// The documentation shell: everything around a docs page. Rendered by the `_site` layout route, so
// only documentation routes download it.

import { Outlet, useLocation } from '@tanstack/react-router';
import { useMarkAppReady } from '../../app/hydration';
import { SiteProviders } from '../SiteProviders';
import { AnnouncementBar } from './AnnouncementBar';
import { ContentErrorBoundary } from './ContentErrorBoundary';
import { DocumentHead } from './DocumentHead';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { NavigationProgress } from './NavigationProgress';
import { SearchModal } from './search/SearchModal';
import { MAIN_CONTENT_ID, SkipToContent } from './SkipToContent';
import { TestCrashHook } from './TestCrashHook';
import './theme.css';

export function SiteLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  // Here rather than in the root: the router wraps the page in a Suspense boundary, which React
  // hydrates after the root, so only from here is the whole page known to be hydrated.
  useMarkAppReady();
  return (
    <SiteProviders>
      <DocumentHead />
      <SkipToContent />
      <NavigationProgress />
      <AnnouncementBar />
      <Navbar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="main-wrapper">
        {/* Keyed by page: a crash on one page does not stick to the next. */}
        <ContentErrorBoundary key={pathname}>
          <TestCrashHook />
          <Outlet />
        </ContentErrorBoundary>
      </main>
      <Footer />
      <SearchModal />
    </SiteProviders>
  );
}
