import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocsCompiler } from './docs-content';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function contentDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-docs-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

describe('docs compiler', () => {
  it('maps files to routes: index pages get a trailing slash, slug overrides', async () => {
    const dir = contentDir({
      'home.mdx': page('Home', 'Hi.', 'slug: /\n'),
      'understand/introduction.mdx': page('Introduction', 'Hi.', 'sidebar_position: 1\n'),
      'checkout-showcase/index.mdx': page('Showcase', 'Hi.'),
    });
    const docs = await createDocsCompiler({ contentDir: dir, routeBase: '/docs' }).scan();
    expect(
      docs.map(({ id, path, sourceDir, isIndex, sidebarPosition }) => ({
        id,
        path,
        sourceDir,
        isIndex,
        sidebarPosition,
      })),
    ).toEqual([
      {
        id: 'checkout-showcase',
        path: '/docs/checkout-showcase/',
        sourceDir: 'checkout-showcase',
        isIndex: true,
        sidebarPosition: null,
      },
      { id: 'home', path: '/docs', sourceDir: '', isIndex: false, sidebarPosition: null },
      {
        id: 'understand/introduction',
        path: '/docs/understand/introduction',
        sourceDir: 'understand',
        isIndex: false,
        sidebarPosition: 1,
      },
    ]);
  });

  it('exports the h2–h3 table of contents and gives headings ids', async () => {
    const dir = contentDir({
      'a.mdx': page('A', '## Create a session\n\ntext\n\n### The `amount` field\n\n#### Deep\n\n## Create a session'),
    });
    const compiler = createDocsCompiler({ contentDir: dir, routeBase: '/docs' });
    const { code } = await compiler.compile(
      join(dir, 'a.mdx'),
      page('A', '## Create a session\n\ntext\n\n### The `amount` field\n\n#### Deep\n\n## Create a session'),
    );
    expect(code).toContain(
      'export const toc = [{"value":"Create a session","id":"create-a-session","level":2},{"value":"The amount field","id":"the-amount-field","level":3},{"value":"Create a session","id":"create-a-session-1","level":2}];',
    );
    expect(code).toContain('id: "deep"');
    // Highlighting happens here, at build time: the output holds coloured spans, no highlighter.
    // Their colours are classes, whose rules the compiler collects: the pages' CSP refuses style
    // attributes in prerendered HTML.
    const highlighted = await compiler.compile(join(dir, 'b.mdx'), page('B', '```bash\nnpm start\n```'));
    expect(highlighted.code).toMatch(/className: "shiki github-dark hl-[0-9a-f]{8}"/);
    expect(highlighted.code).not.toMatch(/from "shiki"|style:/);
    const rules = compiler.highlightCss().split('\n');
    expect(rules).toContain(
      '.' +
        /className: "shiki github-dark (hl-[0-9a-f]{8})"/.exec(highlighted.code)?.[1] +
        '{background-color:#24292e;color:#e1e4e8}',
    );
    for (const name of highlighted.code.matchAll(/hl-[0-9a-f]{8}/g))
      expect(
        rules.some((rule) => rule.startsWith(`.${name[0]}{color:`) || rule.startsWith(`.${name[0]}{background`)),
        name[0],
      ).toBe(true);
  });

  it('indexes one search record per introduction and per h2/h3 section', async () => {
    const dir = contentDir({
      'capture.mdx': page(
        'Capture',
        'Intro about [money](/docs).\n\n## In Tessera\n\nUse `x-idempotency-key`.\n\n#### Detail\n\nMore text.\n\n```bash\ncurl -X POST\n```',
      ),
    });
    const index = await createDocsCompiler({ contentDir: dir, routeBase: '/docs' }).searchIndex();
    expect(index.pages).toEqual([{ path: '/docs/capture', title: 'Capture' }]);
    expect(index.sections).toEqual([
      { page: 0, heading: null, anchor: null, level: 1, text: 'Intro about money.' },
      {
        page: 0,
        heading: 'In Tessera',
        anchor: 'in-tessera',
        level: 2,
        text: 'Use x-idempotency-key. Detail More text. curl -X POST',
      },
    ]);
  });

  it('fails the build on a bad page', async () => {
    const noTitle = contentDir({ 'a.mdx': '---\ndescription: x\n---\n\nHi.' });
    await expect(createDocsCompiler({ contentDir: noTitle, routeBase: '/docs' }).scan()).rejects.toThrow(
      /needs a "title"/,
    );
    const twice = contentDir({ 'a/index.mdx': page('A', 'x'), 'a.mdx': page('B', 'y') });
    await expect(createDocsCompiler({ contentDir: twice, routeBase: '/docs' }).scan()).rejects.toThrow(
      /Two documentation pages have the route/,
    );
  });

  it('serves generated pages as ordinary pages, completed by a file at their path', async () => {
    const dir = contentDir({
      'partners/acme/index.mdx': '## Setting up\n\nWritten by hand.\n',
      'partners/other.mdx': page('Other', 'x'),
    });
    const compiler = createDocsCompiler({
      contentDir: dir,
      routeBase: '/docs',
      generatedPages: () => [
        { path: 'partners/acme/index.mdx', source: page('Acme', '## Capabilities\n\nGenerated.') },
        { path: 'partners/acme/card.mdx', source: page('Acme card', 'Generated only.') },
      ],
    });
    const docs = await compiler.scan();
    expect(docs.map(({ id, path, title, isIndex }) => ({ id, path, title, isIndex }))).toEqual([
      { id: 'partners/acme', path: '/docs/partners/acme/', title: 'Acme', isIndex: true },
      { id: 'partners/acme/card', path: '/docs/partners/acme/card', title: 'Acme card', isIndex: false },
      { id: 'partners/other', path: '/docs/partners/other', title: 'Other', isIndex: false },
    ]);
    expect(compiler.isGenerated(join(dir, 'partners/acme/card.mdx'))).toBe(true);
    expect(compiler.sourceOf(join(dir, 'partners/acme/index.mdx'))).toMatch(
      /Generated\.\n\n## Setting up\n\nWritten by hand\./,
    );
    const index = await compiler.searchIndex(docs);
    expect(index.sections.map((section) => section.heading)).toEqual(
      expect.arrayContaining(['Capabilities', 'Setting up']),
    );
  });

  it('refuses a file completing a generated page with its own frontmatter, or completing nothing', async () => {
    const generatedPages = () => [{ path: 'partners/acme/index.mdx', source: page('Acme', 'Generated.') }];
    const ownFrontmatter = contentDir({ 'partners/acme/index.mdx': page('Mine', 'x') });
    await expect(
      createDocsCompiler({ contentDir: ownFrontmatter, routeBase: '/docs', generatedPages }).scan(),
    ).rejects.toThrow(/completes a generated page/);
    const orphan = contentDir({ 'partners/gone/index.mdx': 'A partner no longer registered.\n' });
    await expect(createDocsCompiler({ contentDir: orphan, routeBase: '/docs', generatedPages }).scan()).rejects.toThrow(
      /no generated page for it to complete/,
    );
  });
});
