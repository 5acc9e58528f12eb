import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from '@tanstack/react-router';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * First focusable element of every page. After a client-side navigation focus returns here (as a
 * full page load would), so keyboard and screen-reader users start again at the top.
 */
export function SkipToContent() {
  const container = useRef<HTMLDivElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    container.current?.focus({ preventScroll: true });
  }, [pathname]);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <div
      ref={container}
      tabIndex={-1}
      role="region"
      aria-label="Skip to main content"
      className="skip-to-content-region"
    >
      <a href={`#${MAIN_CONTENT_ID}`} className="skip-to-content" onClick={skip}>
        Skip to main content
      </a>
    </div>
  );
}
