import { describe, expect, it } from 'vitest';
import { createStorageSlot, type StorageEnvironment } from '../storage';
import {
  ANNOUNCEMENT_DISMISS_KEY,
  ANNOUNCEMENT_ID_KEY,
  dismissAnnouncement,
  isAnnouncementClosed,
  recordAnnouncementSeen,
  type AnnouncementSlots,
} from './announcement';

/** What the provider does on each page load: read the state, then record the id as seen. */
function visit(id: string, slots: AnnouncementSlots): boolean {
  const closed = isAnnouncementClosed(id, slots);
  recordAnnouncementSeen(id, slots);
  return closed;
}

function slotsOver(env: StorageEnvironment): AnnouncementSlots {
  return {
    dismissed: createStorageSlot(ANNOUNCEMENT_DISMISS_KEY, env),
    id: createStorageSlot(ANNOUNCEMENT_ID_KEY, env),
  };
}

function memoryEnv(): StorageEnvironment {
  const values = new Map<string, string>();
  return {
    storage: () => ({
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    }),
  };
}

describe('announcement bar dismissal', () => {
  it('is shown on a first visit', () => {
    expect(visit('survey-1', slotsOver(memoryEnv()))).toBe(false);
  });

  it('stays closed across visits once closed', () => {
    const env = memoryEnv();
    visit('survey-1', slotsOver(env));
    dismissAnnouncement(slotsOver(env));
    expect(visit('survey-1', slotsOver(env))).toBe(true);
    expect(visit('survey-1', slotsOver(env))).toBe(true);
  });

  it('shows again when the announcement id changes', () => {
    const env = memoryEnv();
    visit('survey-1', slotsOver(env));
    dismissAnnouncement(slotsOver(env));
    expect(visit('survey-2', slotsOver(env))).toBe(false);
    // And the new announcement can be closed in its turn.
    dismissAnnouncement(slotsOver(env));
    expect(visit('survey-2', slotsOver(env))).toBe(true);
  });

  it('is shown, without throwing, when storage is unavailable', () => {
    const denied: StorageEnvironment = {
      storage: () => {
        throw new Error('SecurityError');
      },
    };
    expect(visit('survey-1', slotsOver(denied))).toBe(false);
    expect(() => dismissAnnouncement(slotsOver(denied))).not.toThrow();
  });
});
