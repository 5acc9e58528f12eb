// State of the mobile navbar sidebar (≤ 996 px): whether it is open, and its secondary menu — the
// current page's own menu (a docs sidebar) shown in front of the main navbar menu, with a "back to
// main menu" button to reach the latter.

import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { useContextOrThrow } from '../use-context-or-throw';
import { useWindowSize } from '../window-size';

export interface MobileSidebarContextValue {
  /** The mobile layout applies (the sidebar can be opened at all). */
  isMobile: boolean;
  shown: boolean;
  toggle(): void;
  close(): void;
  /** The page's secondary menu, if it registered one. */
  secondaryMenu: ReactNode | null;
  /** Whether the secondary menu (rather than the main menu) is displayed. */
  secondaryShown: boolean;
  showMainMenu(): void;
  showSecondaryMenu(): void;
  setSecondaryMenu(content: ReactNode | null): void;
}

const MobileSidebarContext = createContext<MobileSidebarContextValue | undefined>(undefined);

export function MobileSidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useWindowSize() === 'mobile';
  const [shown, setShown] = useState(false);
  const [secondaryMenu, setSecondaryMenu] = useState<ReactNode | null>(null);
  const [secondaryShown, setSecondaryShown] = useState(true);
  const close = useCallback(() => setShown(false), []);

  // Leaving the mobile layout or navigating closes the sidebar.
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, isMobile, close]);

  const value = useMemo<MobileSidebarContextValue>(
    () => ({
      isMobile,
      shown: isMobile && shown,
      toggle: () => {
        // Each opening starts on the page's own menu when it has one.
        if (!shown) setSecondaryShown(true);
        setShown(!shown);
      },
      close,
      secondaryMenu,
      secondaryShown: secondaryMenu !== null && secondaryShown,
      showMainMenu: () => setSecondaryShown(false),
      showSecondaryMenu: () => setSecondaryShown(true),
      setSecondaryMenu,
    }),
    [isMobile, shown, close, secondaryMenu, secondaryShown],
  );

  return <MobileSidebarContext.Provider value={value}>{children}</MobileSidebarContext.Provider>;
}

export function useMobileSidebar(): MobileSidebarContextValue {
  return useContextOrThrow(MobileSidebarContext, 'MobileSidebarProvider', 'useMobileSidebar');
}

/** Registers `content` as the mobile sidebar's secondary menu while the calling component is mounted. */
export function useSecondaryMenuFiller(content: ReactNode | null): void {
  const { setSecondaryMenu } = useMobileSidebar();
  useEffect(() => {
    setSecondaryMenu(content);
    return () => setSecondaryMenu(null);
  }, [content, setSecondaryMenu]);
}
