// Announcement-bar dismissal rules (as Docusaurus): closing is remembered in storage, and a new
// announcement id shows the bar again even to readers who closed the previous one.

import type { StorageSlot } from '../storage';

export const ANNOUNCEMENT_DISMISS_KEY = 'tessera.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'tessera.announcement.id';

export interface AnnouncementSlots {
  dismissed: StorageSlot;
  id: StorageSlot;
}

/**
 * Reads (and updates) storage for the announcement with `currentId`; returns whether it is closed.
 * Records the id as seen, and clears an old dismissal when the id changed.
 */
export function syncAnnouncementState(currentId: string, slots: AnnouncementSlots): boolean {
  const seenId = slots.id.get();
  const isNew = seenId !== currentId;
  slots.id.set(currentId);
  if (isNew) {
    slots.dismissed.set('false');
    return false;
  }
  return slots.dismissed.get() === 'true';
}

export function dismissAnnouncement(slots: AnnouncementSlots): void {
  slots.dismissed.set('true');
}
