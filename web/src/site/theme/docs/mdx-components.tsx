// How MDX elements render: internal links go through the router, headings get a "#" link, wide
// tables scroll, and pages may use <Admonition>.

import type { MDXComponents } from 'mdx/types';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { SiteLink } from '../SiteLink';
import 'virtual:tessera/code-highlight.css';

function Anchor({ href, children, ...rest }: ComponentPropsWithoutRef<'a'>) {
  // A file the api serves (a JSON document) is no page of the router: the browser opens it.
  if (!href || /^\/[^?#]*\.[a-z0-9]+(?:[?#]|$)/i.test(href))
    return (
      <a {...(href ? { href } : {})} {...rest}>
        {children}
      </a>
    );
  return (
    <SiteLink href={href} {...rest}>
      {children}
    </SiteLink>
  );
}

function headingWithLink(Tag: 'h2' | 'h3' | 'h4') {
  return function Heading({ id, children, ...rest }: ComponentPropsWithoutRef<'h2'>) {
    return (
      <Tag id={id} className="anchor" {...rest}>
        {children}
        {id && (
          <a
            href={`#${id}`}
            className="hash-link"
            aria-label="Direct link to this heading"
            title="Direct link to this heading"
          >
            #
          </a>
        )}
      </Tag>
    );
  };
}

function Table(props: ComponentPropsWithoutRef<'table'>) {
  return (
    <div className="table-wrapper">
      <table {...props} />
    </div>
  );
}

const ADMONITION_TITLES = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' } as const;

export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: keyof typeof ADMONITION_TITLES;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`admonition admonition--${type}`} role="note">
      <div className="admonition__title">{title ?? ADMONITION_TITLES[type]}</div>
      <div className="admonition__content">{children}</div>
    </div>
  );
}

export const mdxComponents: MDXComponents = {
  a: Anchor,
  h2: headingWithLink('h2'),
  h3: headingWithLink('h3'),
  h4: headingWithLink('h4'),
  table: Table,
  Admonition,
};
