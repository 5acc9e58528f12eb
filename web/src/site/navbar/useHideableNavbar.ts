import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '@tanstack/react-router';
import { navbarVisibleAfterScroll } from './hideable';

export function useHideableNavbar(hideOnScroll: boolean) {
  const [isNavbarVisible, setIsNavbarVisible] = useState(true);
  const navbarHeight = useRef(0);
  const lastScrollTop = useRef(0);
  // Jumping to an #anchor scrolls down without the reader scrolling: that scroll must not hide the navbar.
  const ignoreNextScroll = useRef(false);
  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node) navbarHeight.current = node.getBoundingClientRect().height;
  }, []);

  useEffect(() => {
    if (!hideOnScroll) return undefined;
    lastScrollTop.current = window.scrollY;
    const onScroll = () => {
      const scrollTop = window.scrollY;
      if (ignoreNextScroll.current) {
        ignoreNextScroll.current = false;
        lastScrollTop.current = scrollTop;
        return;
      }
      setIsNavbarVisible((visible) =>
        navbarVisibleAfterScroll(
          {
            scrollTop,
            lastScrollTop: lastScrollTop.current,
            navbarHeight: navbarHeight.current,
            documentHeight: document.documentElement.scrollHeight - navbarHeight.current,
            windowHeight: window.innerHeight,
          },
          visible,
        ),
      );
      lastScrollTop.current = scrollTop;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hideOnScroll]);

  // A new page starts with the navbar shown, unless the link jumps to an anchor further down.
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hideOnScroll) return;
    if (hash && document.getElementById(hash)) {
      ignoreNextScroll.current = true;
      return;
    }
    setIsNavbarVisible(true);
  }, [hideOnScroll, pathname, hash]);

  return { navbarRef, isNavbarVisible };
}
