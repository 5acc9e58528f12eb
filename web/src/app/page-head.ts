// Each documentation-site route declares its page's title and description with TanStack Router's
// `head` option (`routeHead`). The build writes them into the prerendered page beside the canonical
// address and the Open Graph tags (web/build/prerender.ts), and site/document-head.ts keeps them
// true in the browser as the reader navigates. Only what route options need lives here: route
// options are in the main bundle, which the checkout pages download too.

export const SITE_NAME = 'Tessera';
export const SITE_TAGLINE = 'Documentation to integrate or extend the Tessera payment orchestration service.';

export interface PageHead {
  /** The document title, site name included. */
  title: string;
  description: string;
}

export const NOT_FOUND_HEAD: PageHead = {
  title: `Page Not Found | ${SITE_NAME}`,
  description: 'There is no Tessera documentation page at this address.',
};

/** The document title of a page named `pageTitle` (null: the site's home). */
export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} | ${SITE_NAME}` : `${SITE_NAME} documentation`;
}

/** A route's `head` option for a page. */
export function routeHead(head: PageHead) {
  return { meta: [{ title: head.title }, { name: 'description', content: head.description }] };
}

/** The `head` of a documentation page's route, from its loaded page (none while it is not loaded). */
export function docRouteHead(
  page: { doc: { title: string }; module: { frontmatter: { description?: string } } } | undefined,
) {
  if (!page) return {};
  return routeHead({ title: documentTitle(page.doc.title), description: page.module.frontmatter.description ?? '' });
}
