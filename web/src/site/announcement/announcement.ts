// Announcement-bar dismissal rules (as Docusaurus): closing is remembered in storage, and a new
// announcement id shows the bar again even to readers who closed the previous one.

import type { StorageSlot } from '../storage';

export const ANNOUNCEMENT_DISMISS_KEY = 'tessera.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'tessera.announcement.id';

export interface AnnouncementSlots {
  dismissed: StorageSlot;
  id: StorageSlot;
}

/** Whether the reader closed the announcement with `currentId` (an earlier id's dismissal does not count). */
export function isAnnouncementClosed(currentId: string, slots: AnnouncementSlots): boolean {
  return slots.id.get() === currentId && slots.dismissed.get() === 'true';
}

/** Records `currentId` as seen; a new id clears the dismissal of the previous announcement. */
export function recordAnnouncementSeen(currentId: string, slots: AnnouncementSlots): void {
  if (slots.id.get() === currentId) return;
  slots.id.set(currentId);
  slots.dismissed.set('false');
}

export function dismissAnnouncement(slots: AnnouncementSlots): void {
  slots.dismissed.set('true');
}
