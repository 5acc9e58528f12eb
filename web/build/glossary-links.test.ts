import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocsCompiler } from './docs-content';
import { parseTermWords, unlinkedFirstUses, type ReadPage } from './glossary-links';

const VOID = { path: '/docs/references/glossary/void', words: ['void', 'voids'] };
const CIT = { path: '/docs/references/glossary/cit-mit', words: ['CIT', 'MIT'] };
const read = (path: string, ...runs: [string, string?][]): ReadPage => ({
  path,
  runs: runs.map(([text, link]) => ({ text, link: link ?? null })),
});

describe('unlinkedFirstUses', () => {
  it('accepts a first use that links to the glossary page, wherever later uses are', () => {
    const pages = [
      read('/docs', ['Capture, then ']),
      read('/docs/a', ['You may '], ['void', VOID.path], [' it; a void is final.']),
      read('/docs/b', ['Voids are free.']),
    ];
    expect(unlinkedFirstUses([VOID], pages)).toEqual([]);
  });

  it('reports the page and the words of a first use without its link', () => {
    const pages = [
      read('/docs', ['Capture, ']),
      read('/docs/a', ['Then void   it.']),
      read('/docs/b', ['A ', ''], ['void', VOID.path]),
    ];
    expect(unlinkedFirstUses([VOID], pages)).toEqual([{ term: VOID.path, page: '/docs/a', text: 'Then void   it.' }]);
  });

  it('counts a link to the glossary page before the first use, skips the words of other links and the term’s own page', () => {
    expect(
      unlinkedFirstUses(
        [VOID],
        [read(VOID.path, ['A void…']), read('/docs/a', ['what cancels', VOID.path], [' a void'])],
      ),
    ).toEqual([]);
    expect(
      unlinkedFirstUses([VOID], [read('/docs/a', ['Void a payment', '/api-v2#void'], [' (see '], ['void', VOID.path])]),
    ).toEqual([]);
  });

  it('matches whole words: capitals as written, other words in any case', () => {
    expect(unlinkedFirstUses([CIT], [read('/docs/a', ['Submit, or transmit it.'], ['mit and cit'])])).toEqual([]);
    expect(unlinkedFirstUses([CIT], [read('/docs/a', ['An MIT payment.'])])).toHaveLength(1);
    expect(unlinkedFirstUses([VOID], [read('/docs/a', ['Avoid it; void_reason'])])).toEqual([]);
    expect(unlinkedFirstUses([VOID], [read('/docs/a', ['VOIDS happen'])])).toHaveLength(1);
  });

  it('reads the words of a glossary page’s frontmatter', () => {
    expect(parseTermWords(' 3-D Secure, 3DS ,')).toEqual(['3-D Secure', '3DS']);
  });
});

describe('the docs build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-glossary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    rmSync(dir, { recursive: true, force: true });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  const site = (introduction: string) => ({
    'home.mdx': '---\ntitle: Home\nslug: /\nsidebar_position: 0\n---\n\nWelcome.\n',
    'understand/introduction.mdx': `---\ntitle: Introduction\nsidebar_position: 1\n---\n\n${introduction}\n`,
    'references/glossary/void.mdx': '---\ntitle: Void\nterms: void, voids\n---\n\nA void cancels an authorization.\n',
    'checkout-showcase/index.mdx': '---\ntitle: Showcase\n---\n\nA void, later.\n',
  });

  it('fails on a first use in sidebar order that is not linked, and passes once it is; code and headings are no use', async () => {
    write(site('## Void it\n\n```bash\ncurl -X POST …/voids\n```\n\nThen `void` it, or void it.'));
    const compiler = createDocsCompiler({ contentDir: dir, routeBase: '/docs' });
    const unlinked = await compiler.scan();
    expect(() => compiler.checkGlossaryLinks(unlinked)).toThrow(
      '/docs/understand/introduction: "it, or void it." → [/docs/references/glossary/void](/docs/references/glossary/void)',
    );

    write(site('Then [void](/docs/references/glossary/void) it.'));
    const linked = createDocsCompiler({ contentDir: dir, routeBase: '/docs' });
    const docs = await linked.scan();
    expect(() => linked.checkGlossaryLinks(docs)).not.toThrow();
  });
});
