import { useMediaQuery } from '../app/hydration';

/** Width at and below which the mobile layout applies (the CSS uses the same breakpoint). */
export const MOBILE_BREAKPOINT_PX = 996;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export type WindowSize = 'desktop' | 'mobile';

/**
 * The layout for the window's width. Prerendered pages are built for the desktop (the CSS hides the
 * desktop-only columns on a narrow screen until the app takes over), so that is the value while
 * a page hydrates.
 */
export function useWindowSize(): WindowSize {
  return useMediaQuery(MOBILE_QUERY, false) ? 'mobile' : 'desktop';
}
