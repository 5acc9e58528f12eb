// The thin progress bar at the top of the page during client-side navigation (as Docusaurus's
// nprogress): it only appears if loading the next page takes more than 200 ms, so quick navigations
// show nothing, has no spinner, and completes when the new page is rendered.

import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';

export const PROGRESS_DELAY_MS = 200;
const FADE_OUT_MS = 300;

type Phase = 'idle' | 'running' | 'finishing';

export function NavigationProgress({ delayMs = PROGRESS_DELAY_MS }: { delayMs?: number }) {
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    const stopStart = router.subscribe('onBeforeNavigate', (event) => {
      // Only a change of page: a new hash or query on the same page loads nothing.
      if (!event.pathChanged) return;
      clearTimeout(startTimer);
      startTimer = setTimeout(() => setPhase('running'), delayMs);
    });
    const stopEnd = router.subscribe('onResolved', () => {
      clearTimeout(startTimer);
      setPhase((current) => (current === 'running' ? 'finishing' : current));
    });
    return () => {
      stopStart();
      stopEnd();
      clearTimeout(startTimer);
    };
  }, [router, delayMs]);

  useEffect(() => {
    if (phase !== 'finishing') return undefined;
    const timer = setTimeout(() => setPhase('idle'), FADE_OUT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <div
      id="nprogress"
      className={`nprogress nprogress--${phase}`}
      role="progressbar"
      aria-label="Loading page"
      aria-busy={phase === 'running'}
    >
      <div className="nprogress__bar" />
    </div>
  );
}
