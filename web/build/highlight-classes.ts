// Rehype plugin run after shiki: moves the colours shiki writes as inline `style` attributes on the
// highlighted code into classes, and collects one CSS rule per distinct style. Prerendered pages
// are served under a Content-Security-Policy without 'unsafe-inline' (api/security-headers.ts), which
// refuses style attributes written in HTML; a class named after its style keeps the colours.
//
// The rules reach the pages as `virtual:tessera/code-highlight.css` (docs-content.ts), which the
// docs shell imports.

import { createHash } from 'node:crypto';
import type { Element, Root, RootContent } from 'hast';

export class HighlightStyles {
  private readonly rules = new Map<string, string>();
  private readonly stylesOfFile = new Map<string, Set<string>>();

  /** The class standing for `style` (the same style always gets the same class), used by `file`. */
  classFor(style: string, file: string): string {
    const normalized = style.trim().replace(/;$/, '');
    const name = `hl-${createHash('sha256').update(normalized).digest('hex').slice(0, 8)}`;
    this.rules.set(name, normalized);
    const styles = this.stylesOfFile.get(file) ?? new Set<string>();
    styles.add(normalized);
    this.stylesOfFile.set(file, styles);
    return name;
  }

  /** The styles `file` used when it compiled. */
  stylesOf(file: string): string[] {
    return [...(this.stylesOfFile.get(file) ?? [])];
  }

  /** Records the styles of a page compiled elsewhere (docs-content.ts shares compiled pages). */
  restore(file: string, styles: readonly string[]): void {
    for (const style of styles) this.classFor(style, file);
  }

  /** One rule per style seen, in a stable order. */
  css(): string {
    return [...this.rules]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, style]) => `.${name}{${style}}`)
      .join('\n');
  }
}

// Shiki writes `class` as a string; other hast producers write `className` as a list.
function classesOf(element: Element): string[] {
  const { className, class: classAttribute } = element.properties;
  if (Array.isArray(className)) return className.map(String);
  return typeof classAttribute === 'string' ? classAttribute.split(/\s+/).filter(Boolean) : [];
}

function setClasses(element: Element, classes: string[]): void {
  delete element.properties.class;
  element.properties.className = classes;
}

export function rehypeHighlightClasses(options: { styles: HighlightStyles }) {
  const rewrite = (node: Element, file: string) => {
    const style = node.properties.style;
    if (typeof style === 'string' && style !== '') {
      setClasses(node, [...classesOf(node), options.styles.classFor(style, file)]);
      delete node.properties.style;
    }
    for (const child of node.children) if (child.type === 'element') rewrite(child, file);
  };
  // Code blocks may sit inside MDX components (<Admonition>), which are not hast elements.
  const visit = (nodes: readonly RootContent[], file: string) => {
    for (const node of nodes) {
      if (node.type === 'element' && node.tagName === 'pre' && classesOf(node).includes('shiki')) rewrite(node, file);
      else if ('children' in node && Array.isArray(node.children)) visit(node.children as RootContent[], file);
    }
  };
  return (tree: Root, file: { path: string }): void => visit(tree.children, file.path);
}
