// Frontmatter of the documentation pages: a flat `key: value` block.
//
// The pages only need scalars (title, description, sidebar position...), so a small strict parser
// is enough and keeps the build free of a YAML dependency. Anything richer is refused loudly, so a
// page author learns at build time rather than seeing a silently wrong sidebar.

export type FrontmatterValue = string | number | boolean;
export type FrontmatterData = Record<string, FrontmatterValue>;

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:\s+(.*))?$/;

export function parseFrontmatter(source: string): FrontmatterData {
  const data: FrontmatterData = {};
  source.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const match = LINE.exec(line);
    if (!match) {
      throw new Error(
        `Frontmatter line ${index + 1} is not a flat "key: value" pair: ${JSON.stringify(raw)}. ` +
          'Only strings, numbers and booleans are supported.',
      );
    }
    const key = match[1] ?? '';
    if (Object.hasOwn(data, key)) throw new Error(`Frontmatter key "${key}" appears twice.`);
    data[key] = parseScalar(match[2] ?? '', key);
  });
  return data;
}

function parseScalar(text: string, key: string): FrontmatterValue {
  const value = text.trim();
  if (value === '') throw new Error(`Frontmatter key "${key}" has no value.`);
  if (value.startsWith('"')) {
    if (!value.endsWith('"') || value.length < 2) throw new Error(`Unterminated string for frontmatter key "${key}".`);
    // A double-quoted YAML scalar uses JSON-compatible escapes for everything pages need.
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'string') throw new Error(`Frontmatter key "${key}" is not a string.`);
    return parsed;
  }
  if (value.startsWith("'")) {
    if (!value.endsWith("'") || value.length < 2) throw new Error(`Unterminated string for frontmatter key "${key}".`);
    return value.slice(1, -1).replaceAll("''", "'");
  }
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (/^[[{|>&*!]/.test(value)) {
    throw new Error(`Frontmatter key "${key}" uses YAML syntax this site does not support: ${value}`);
  }
  return value;
}

/** The frontmatter fields a documentation page may set. */
export interface DocFrontmatter {
  title: string;
  description?: string;
  sidebar_position?: number;
  sidebar_label?: string;
  /** Path relative to /docs, e.g. "/" for the documentation home. */
  slug?: string;
  /** A glossary page's words for its term, comma-separated (web/build/glossary-links.ts). */
  terms?: string;
}

const KNOWN_KEYS = new Set(['title', 'description', 'sidebar_position', 'sidebar_label', 'slug', 'terms']);

export function toDocFrontmatter(data: FrontmatterData, file: string): DocFrontmatter {
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key)) throw new Error(`${file}: unknown frontmatter key "${key}".`);
  }
  const { title, description, sidebar_position, sidebar_label, slug, terms } = data;
  if (typeof title !== 'string' || title === '') throw new Error(`${file}: frontmatter needs a "title".`);
  const result: DocFrontmatter = { title };
  if (description !== undefined) result.description = expectString(description, 'description', file);
  if (sidebar_label !== undefined) result.sidebar_label = expectString(sidebar_label, 'sidebar_label', file);
  if (slug !== undefined) result.slug = expectString(slug, 'slug', file);
  if (terms !== undefined) result.terms = expectString(terms, 'terms', file);
  if (sidebar_position !== undefined) {
    if (typeof sidebar_position !== 'number') throw new Error(`${file}: "sidebar_position" must be a number.`);
    result.sidebar_position = sidebar_position;
  }
  return result;
}

function expectString(value: FrontmatterValue, key: string, file: string): string {
  if (typeof value !== 'string') throw new Error(`${file}: frontmatter "${key}" must be a string.`);
  return value;
}
