// The current announcement, but for its link (which comes from the build environment), in its own
// module because two places need it: the site configuration, and the Vite config that writes into
// web/index.html the inline script hiding a closed bar and the bar's colours, both applied before
// the first paint (a style attribute would be refused by the pages' Content-Security-Policy).

import type { AnnouncementBarConfig } from '../config-types';

export const announcementBar: Omit<AnnouncementBarConfig, 'link'> = {
  // Change it to show the bar again to readers who closed an earlier one.
  id: 'developer-survey-1',
  content: 'Help us improve the Tessera developer documentation: tell us what you need in our short survey.',
  backgroundColor: '#1f4e8c',
  textColor: '#ffffff',
  isCloseable: true,
};

/** The bar's colours, as the rule the Vite config writes into web/index.html. */
export function announcementBarCss(announcement: Pick<AnnouncementBarConfig, 'backgroundColor' | 'textColor'>): string {
  const colour = (value: string) => {
    if (!/^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(value)) throw new Error(`Announcement colour ${value} is not a CSS colour.`);
    return value;
  };
  return `.announcement-bar{background-color:${colour(announcement.backgroundColor)};color:${colour(announcement.textColor)}}`;
}
