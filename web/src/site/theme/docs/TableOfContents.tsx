// "On this page": the page's h2 and h3 headings (the MDX build exports them as `toc`), highlighted
// as the reader scrolls.

import { useEffect, useState } from 'react';
import type { TocEntry } from '../../../docs/types';
import { siteConfig } from '../../site-config';

interface TocNode extends TocEntry {
  children: TocNode[];
}

export function nestToc(entries: readonly TocEntry[]): TocNode[] {
  const { minHeadingLevel, maxHeadingLevel } = siteConfig.tableOfContents;
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const entry of entries) {
    if (entry.level < minHeadingLevel || entry.level > maxHeadingLevel) continue;
    const node: TocNode = { ...entry, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= node.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

function useActiveHeading(entries: readonly TocEntry[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const update = () => {
      // The last heading above the upper quarter of the window is the section being read.
      const limit = window.innerHeight / 4;
      let current: string | null = null;
      for (const entry of entries) {
        const element = document.getElementById(entry.id);
        if (element && element.getBoundingClientRect().top <= limit) current = entry.id;
      }
      setActive(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [entries]);
  return active;
}

function TocList({ nodes, active }: { nodes: TocNode[]; active: string | null }) {
  return (
    <ul className="toc__list">
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`} className={`toc__link ${node.id === active ? 'toc__link--active' : ''}`}>
            {node.value}
          </a>
          {node.children.length > 0 && <TocList nodes={node.children} active={active} />}
        </li>
      ))}
    </ul>
  );
}

export function TableOfContents({ toc }: { toc: readonly TocEntry[] }) {
  const active = useActiveHeading(toc);
  const nodes = nestToc(toc);
  if (nodes.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <div className="toc__title">On this page</div>
      <TocList nodes={nodes} active={active} />
    </nav>
  );
}

export function TableOfContentsMobile({ toc }: { toc: readonly TocEntry[] }) {
  const nodes = nestToc(toc);
  if (nodes.length === 0) return null;
  return (
    <details className="toc-mobile">
      <summary>On this page</summary>
      <TocList nodes={nodes} active={null} />
    </details>
  );
}
