// Part of the script inlined in index.html's <head>: marks <html> when the reader closed the current
// announcement, so a prerendered page, which always holds the bar, hides it (theme.css) before the
// first paint instead of showing it until the app has run. It mirrors isAnnouncementClosed() in ES5
// and must never throw (storage access is guarded).

import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from './announcement.js';

export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-dismissed';

export function announcementInlineScript(announcementId: string | null): string {
  if (announcementId === null) return '';
  const settings = JSON.stringify({
    id: announcementId,
    idKey: ANNOUNCEMENT_ID_KEY,
    dismissKey: ANNOUNCEMENT_DISMISS_KEY,
  });
  return `(function(){var s=${settings};try{var l=window.localStorage;
if(l.getItem(s.idKey)===s.id&&l.getItem(s.dismissKey)==='true'){document.documentElement.setAttribute('${ANNOUNCEMENT_DISMISSED_ATTRIBUTE}','true')}}catch(e){}})();`;
}
