import { runInNewContext } from 'node:vm';
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
import { ANNOUNCEMENT_DISMISSED_ATTRIBUTE, announcementInlineScript } from './inline-script';

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

describe('inline announcement script (applied before first paint)', () => {
  function run(script: string, stored: Record<string, string> | 'throws') {
    const attributes = new Map<string, string>();
    const window = {
      get localStorage() {
        if (stored === 'throws') throw new Error('SecurityError');
        return { getItem: (key: string) => stored[key] ?? null };
      },
    };
    const document = {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    };
    runInNewContext(script, { window, document });
    return attributes.get(ANNOUNCEMENT_DISMISSED_ATTRIBUTE) ?? null;
  }

  function slotsOf(stored: Record<string, string>): AnnouncementSlots {
    const slot = (key: string) => ({ get: () => stored[key] ?? null, set() {}, del() {}, listen: () => () => {} });
    return { id: slot(ANNOUNCEMENT_ID_KEY), dismissed: slot(ANNOUNCEMENT_DISMISS_KEY) };
  }

  it.each([
    [{ [ANNOUNCEMENT_ID_KEY]: 'survey-2', [ANNOUNCEMENT_DISMISS_KEY]: 'true' }],
    [{ [ANNOUNCEMENT_ID_KEY]: 'survey-1', [ANNOUNCEMENT_DISMISS_KEY]: 'true' }],
    [{ [ANNOUNCEMENT_ID_KEY]: 'survey-2', [ANNOUNCEMENT_DISMISS_KEY]: 'false' }],
    [{}],
  ])('agrees with isAnnouncementClosed for %j', (stored) => {
    const closed = isAnnouncementClosed('survey-2', slotsOf(stored));
    expect(run(announcementInlineScript('survey-2'), stored)).toBe(closed ? 'true' : null);
  });

  it('survives a storage that throws, and is empty without an announcement', () => {
    expect(run(announcementInlineScript('survey-2'), 'throws')).toBeNull();
    expect(announcementInlineScript(null)).toBe('');
  });
});
