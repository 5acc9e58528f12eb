import { describe, expect, it } from 'vitest';
import { parseFrontmatter, toDocFrontmatter } from './frontmatter';

describe('frontmatter parser', () => {
  it('reads flat scalars', () => {
    expect(
      parseFrontmatter(
        [
          'title: Getting started',
          'description: "Run Tessera: first payment"',
          "sidebar_label: 'It''s here'",
          'sidebar_position: 2',
          '# a comment',
          '',
          'draft: false',
        ].join('\n'),
      ),
    ).toEqual({
      title: 'Getting started',
      description: 'Run Tessera: first payment',
      sidebar_label: "It's here",
      sidebar_position: 2,
      draft: false,
    });
  });

  it('refuses YAML it does not support, loudly', () => {
    expect(() => parseFrontmatter('tags:\n  - a')).toThrow(/has no value/);
    expect(() => parseFrontmatter('  - a')).toThrow(/not a flat "key: value" pair/);
    expect(() => parseFrontmatter('tags: [a, b]')).toThrow(/YAML syntax this site does not support/);
    expect(() => parseFrontmatter('title: a\ntitle: b')).toThrow(/appears twice/);
    expect(() => parseFrontmatter('title: "open')).toThrow(/Unterminated/);
  });
});

describe('doc frontmatter', () => {
  it('needs a title and knows its fields', () => {
    expect(toDocFrontmatter({ title: 'A', sidebar_position: 1, slug: '/' }, 'a.mdx')).toEqual({
      title: 'A',
      sidebar_position: 1,
      slug: '/',
    });
    expect(() => toDocFrontmatter({ description: 'x' }, 'a.mdx')).toThrow('a.mdx: frontmatter needs a "title".');
    expect(() => toDocFrontmatter({ title: 'A', sidebar_positon: 1 }, 'a.mdx')).toThrow(
      /unknown frontmatter key "sidebar_positon"/,
    );
    expect(() => toDocFrontmatter({ title: 'A', sidebar_position: 'first' }, 'a.mdx')).toThrow(/must be a number/);
  });
});
