import { useMemo } from 'react';
import { findSidebarOfDoc, flattenSidebarLinks } from '../../../docs/sidebar';
import { sidebars } from '../../../docs/registry';
import type { DocMetadata, DocModule } from '../../../docs/types';
import { useWindowSize } from '../../window-size';
import { SiteLink } from '../SiteLink';
import { mdxComponents } from './mdx-components';
import { TableOfContents, TableOfContentsMobile } from './TableOfContents';

export interface DocPageData {
  doc: DocMetadata;
  module: DocModule;
}

export function DocPage({ doc, module }: DocPageData) {
  const isMobile = useWindowSize() === 'mobile';
  const Content = module.default;
  return (
    <div className="doc-page">
      <article className="doc-content">
        {isMobile && <TableOfContentsMobile toc={module.toc} />}
        <header>
          <h1>{doc.title}</h1>
          {module.frontmatter.description && <p className="doc-description">{module.frontmatter.description}</p>}
        </header>
        <div className="markdown">
          <Content components={mdxComponents} />
        </div>
        <DocPaginator doc={doc} />
      </article>
      {!isMobile && module.toc.length > 0 && (
        <div className="doc-toc-column">
          <TableOfContents toc={module.toc} />
        </div>
      )}
    </div>
  );
}

function DocPaginator({ doc }: { doc: DocMetadata }) {
  const links = useMemo(() => {
    const sidebar = findSidebarOfDoc(sidebars, doc.id);
    return sidebar ? flattenSidebarLinks(sidebars[sidebar] ?? []) : [];
  }, [doc.id]);
  const index = links.findIndex((link) => link.href === doc.path);
  if (index === -1) return null;
  const previous = links[index - 1];
  const next = links[index + 1];
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous ? (
        <SiteLink href={previous.href} className="pagination-nav__link">
          <span className="pagination-nav__sublabel">Previous</span>
          {previous.label}
        </SiteLink>
      ) : (
        <span />
      )}
      {next ? (
        <SiteLink href={next.href} className="pagination-nav__link pagination-nav__link--next">
          <span className="pagination-nav__sublabel">Next</span>
          {next.label}
        </SiteLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
