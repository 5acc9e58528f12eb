import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from '../../app/hydration';
import type { AnnouncementBarConfig } from '../config-types';
import { createStorageSlot } from '../storage';
import { useContextOrThrow } from '../use-context-or-throw';
import {
  ANNOUNCEMENT_DISMISS_KEY,
  ANNOUNCEMENT_ID_KEY,
  dismissAnnouncement,
  isAnnouncementClosed,
  recordAnnouncementSeen,
  type AnnouncementSlots,
} from './announcement';

export interface AnnouncementBarContextValue {
  announcement: AnnouncementBarConfig | null;
  /** True while the bar is on screen. */
  isActive: boolean;
  close(): void;
}

const AnnouncementBarContext = createContext<AnnouncementBarContextValue | undefined>(undefined);

function defaultSlots(): AnnouncementSlots {
  return { dismissed: createStorageSlot(ANNOUNCEMENT_DISMISS_KEY), id: createStorageSlot(ANNOUNCEMENT_ID_KEY) };
}

export function AnnouncementBarProvider({
  announcement,
  slots: givenSlots,
  children,
}: {
  announcement: AnnouncementBarConfig | null;
  slots?: AnnouncementSlots;
  children: ReactNode;
}) {
  const slots = useMemo(() => givenSlots ?? defaultSlots(), [givenSlots]);
  // A prerendered page holds the bar, so hydration renders it too; a bar the reader closed is
  // hidden before the first paint by the inline script of index.html (and theme.css), then removed
  // once hydration is over.
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(() => (announcement ? isAnnouncementClosed(announcement.id, slots) : true));
  useEffect(() => {
    if (announcement) recordAnnouncementSeen(announcement.id, slots);
  }, [announcement, slots]);
  const close = useCallback(() => {
    dismissAnnouncement(slots);
    setClosed(true);
  }, [slots]);
  const value = useMemo(
    () => ({ announcement, isActive: announcement !== null && !(hydrated && closed), close }),
    [announcement, hydrated, closed, close],
  );
  return <AnnouncementBarContext.Provider value={value}>{children}</AnnouncementBarContext.Provider>;
}

export function useAnnouncementBar(): AnnouncementBarContextValue {
  return useContextOrThrow(AnnouncementBarContext, 'AnnouncementBarProvider', 'useAnnouncementBar');
}
