// Pages that moved: the api answers the old address with a 301 to the new one (api/web-pages.ts),
// so bookmarks, links from other sites and search results keep working. Add an entry whenever a
// page's path (its file under content/, or its slug) changes; the build checks every entry: the
// new address must be a page, the old one must not, and no entry may lead to another moved page.
//
// No page has moved in this repository's history yet. The entries below are addresses of the
// documentation site this one replaces, whose bookmarks merchants still have, for content that
// lives at another address here.

export interface Redirect {
  from: string;
  to: string;
}

export const redirects: readonly Redirect[] = [
  // The original site's "how to build" page of widget v3 is the widget's own page here.
  { from: '/docs/integrate/purse-checkout/widget-v3/how-to-build', to: '/docs/integrate/purse-checkout/widget-v3/' },
];
