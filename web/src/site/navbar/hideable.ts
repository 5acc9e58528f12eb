// When the navbar hides on scroll (as Docusaurus's useHideableNavbar): it hides while the reader
// scrolls down, comes back on scroll up, and is always shown near the top of the page.

export interface ScrollSample {
  scrollTop: number;
  /** Previous scroll position; null on the first sample. */
  lastScrollTop: number | null;
  navbarHeight: number;
  /** Scrollable height of the document minus the navbar. */
  documentHeight: number;
  windowHeight: number;
}

export function navbarVisibleAfterScroll(sample: ScrollSample, visible: boolean): boolean {
  if (sample.scrollTop < sample.navbarHeight) return true;
  if (sample.lastScrollTop !== null && sample.scrollTop >= sample.lastScrollTop) return false;
  // Scrolling up. Ignore the rubber-band bounce past the bottom of the page (macOS, iOS), which
  // would otherwise flash the navbar in.
  if (sample.scrollTop + sample.windowHeight < sample.documentHeight) return true;
  return visible;
}
