// One link component for the whole site: internal paths navigate client-side through the router
// (with preloading on hover/focus/touch when the connection allows, see app/prefetch.ts); anything
// else is an ordinary link opening in a new tab.

import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'>;

export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export interface ParsedHref {
  pathname: string;
  search: Record<string, string>;
  hash: string;
}

export function parseInternalHref(href: string): ParsedHref {
  const url = new URL(href, 'http://site.invalid');
  return { pathname: url.pathname, search: Object.fromEntries(url.searchParams), hash: url.hash.replace(/^#/, '') };
}

export function SiteLink({
  href,
  children,
  activeClassName,
  ...rest
}: AnchorProps & {
  href: string;
  children: ReactNode;
  /** Added when the link points at the current page. */
  activeClassName?: string;
}) {
  if (href.startsWith('#'))
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  if (!isInternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  const { pathname, search, hash } = parseInternalHref(href);
  // React types every anchor attribute as possibly undefined; the router's own props are exact.
  const { target, ...anchor } = rest;
  return (
    <Link
      to={pathname}
      search={search}
      {...(hash ? { hash } : {})}
      activeOptions={{ exact: true, includeSearch: false, includeHash: false }}
      // The router appends this to className on the current page.
      {...(activeClassName ? { activeProps: { className: activeClassName } } : {})}
      {...(target !== undefined ? { target } : {})}
      {...anchor}
    >
      {children}
    </Link>
  );
}
