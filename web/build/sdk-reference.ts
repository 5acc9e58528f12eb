// The SDK reference pages of the documentation, generated from the SDK's declarations (the same
// text as the shipped tessera-headless.d.ts, ./sdk-declarations.ts): each exported declaration
// with its documentation comment, its signature and, for interfaces and classes, its members.
//
//   npx tsx web/scripts/sdk-reference.ts     writes the pages (a unit test fails when they are stale)
//
// Pages: the headless checkout's sdk-references (classes, error classes, functions, interfaces,
// type aliases, variables) and the secure fields' SDK reference.
import { parseSync } from 'rolldown/utils';
import { declarationsOf, SDK_DECLARATION_SOURCES } from './sdk-declarations.js';

type Kind = 'class' | 'error-class' | 'function' | 'interface' | 'type-alias' | 'variable';

export interface Declared {
  name: string;
  kind: Kind;
  doc: string;
  signature: string;
  members: { name: string; signature: string; doc: string }[];
  source: string;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const SECURE_FIELDS_API = 'src/checkout/secure-fields/secure-fields-api.ts';
const HEADLESS_ENTRY = 'src/checkout/headless/index.ts';

/** The text of the `/** … *\/` comment right before `start`, as plain paragraphs. */
function docBefore(code: string, comments: { value: string; start: number; end: number }[], start: number): string {
  const comment = comments.find(
    (candidate) =>
      candidate.value.startsWith('*') && candidate.end <= start && /^\s*$/.test(code.slice(candidate.end, start)),
  );
  if (!comment) return '';
  return comment.value
    .replace(/^\*/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n')
    .trim();
}

/** The source text of a node without the comments inside it, on as few lines as it reads well. */
function textOf(code: string, node: Node): string {
  return code
    .slice(node.start, node.end)
    .replace(/\/\*\*[\s\S]*?\*\/\s*/g, '')
    .replace(/\n\s*\n/g, '\n')
    .replace(/\t/g, '  ');
}

function membersOf(code: string, comments: { value: string; start: number; end: number }[], body: Node[]) {
  return body
    .filter((member) => member.type !== 'TSIndexSignature')
    .map((member) => {
      const key = member.key as { name?: string } | undefined;
      const name =
        member.type === 'MethodDefinition' && member.kind === 'constructor' ? 'constructor' : (key?.name ?? '');
      return { name, signature: textOf(code, member).replace(/;$/, ''), doc: docBefore(code, comments, member.start) };
    })
    .filter((member) => member.name !== '');
}

export function declaredIn(file: string): Declared[] {
  const code = declarationsOf(file);
  const parsed = parseSync('sdk.d.ts', code, { lang: 'dts' });
  if (parsed.errors.length > 0) throw new Error(`${file}: its declarations do not parse`);
  const comments = parsed.comments as { value: string; start: number; end: number }[];
  const found: Declared[] = [];
  for (const statement of parsed.program.body as unknown as Node[]) {
    if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) continue;
    const declaration = statement.declaration as Node;
    const doc = docBefore(code, comments, statement.start);
    const base = { doc, signature: textOf(code, statement), source: file, members: [] as Declared['members'] };
    switch (declaration.type) {
      case 'TSInterfaceDeclaration': {
        const body = (declaration.body as { body: Node[] }).body;
        found.push({
          ...base,
          name: (declaration.id as { name: string }).name,
          kind: 'interface',
          members: membersOf(code, comments, body),
        });
        break;
      }
      case 'TSTypeAliasDeclaration':
        found.push({ ...base, name: (declaration.id as { name: string }).name, kind: 'type-alias' });
        break;
      case 'TSDeclareFunction':
      case 'FunctionDeclaration':
        found.push({ ...base, name: (declaration.id as { name: string }).name, kind: 'function' });
        break;
      case 'VariableDeclaration':
        for (const declarator of declaration.declarations as Node[])
          found.push({ ...base, name: (declarator.id as { name: string }).name, kind: 'variable' });
        break;
      case 'ClassDeclaration': {
        const body = (declaration.body as { body: Node[] }).body;
        const superClass = declaration.superClass as { name?: string } | null;
        found.push({
          ...base,
          name: (declaration.id as { name: string }).name,
          kind: superClass?.name === 'Error' ? 'error-class' : 'class',
          members: membersOf(code, comments, body),
        });
        break;
      }
    }
  }
  return found;
}

/** MDX would read `{`, `}` and `<` in prose as code: escaped, except inside `inline code`. */
function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[{}]/g, '\\$&').replace(/</g, '&lt;')))
    .join('');
}

function section(declared: Declared): string {
  const lines = [`## ${declared.name}`, ''];
  if (declared.doc) lines.push(prose(declared.doc), '');
  lines.push('```typescript', declared.signature, '```', '');
  if (declared.members.length > 0) {
    lines.push('| Member | Description |', '|---|---|');
    for (const member of declared.members) {
      const signature = member.signature.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
      lines.push(`| \`${signature}\` | ${prose(member.doc).replace(/\n+/g, ' ').replace(/\|/g, '\\|') || ' '} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const GENERATED_NOTE =
  '{/* Generated by web/build/sdk-reference.ts from the SDK’s declarations: do not edit; run `npx tsx web/scripts/sdk-reference.ts`. */}';

function page(
  front: { title: string; description: string; position: number; label?: string },
  intro: string,
  body: Declared[],
): string {
  return [
    '---',
    `title: ${front.title}`,
    `description: ${front.description}`,
    `sidebar_position: ${front.position}`,
    ...(front.label ? [`sidebar_label: ${front.label}`] : []),
    '---',
    '',
    GENERATED_NOTE,
    '',
    intro,
    '',
    ...(body.length > 0 ? body.map(section) : ['The SDK exports none.', '']),
  ].join('\n');
}

const HEADLESS_PAGES: { file: string; kind: Kind; title: string; position: number; intro: string }[] = [
  {
    file: 'classes',
    kind: 'class',
    title: 'Classes',
    position: 1,
    intro: 'Classes the SDK exports, other than its error class.',
  },
  {
    file: 'error-classes',
    kind: 'error-class',
    title: 'Error classes',
    position: 2,
    intro:
      'Every promise of the SDK rejects with this class; its `code` is one of the [error codes](/docs/integrate/purse-checkout/headless-checkout/error-codes).',
  },
  { file: 'functions', kind: 'function', title: 'Functions', position: 3, intro: 'The SDK’s entry points.' },
  {
    file: 'interfaces',
    kind: 'interface',
    title: 'Interfaces',
    position: 4,
    intro: 'The objects the SDK takes and gives.',
  },
  { file: 'type-aliases', kind: 'type-alias', title: 'Type aliases', position: 5, intro: 'Named types of the SDK.' },
  { file: 'variables', kind: 'variable', title: 'Variables', position: 6, intro: 'Constants the SDK exports.' },
];

/** Every generated page: its path under the docs content folder, and its text. */
export function sdkReferencePages(): Map<string, string> {
  const all = SDK_DECLARATION_SOURCES.flatMap((file) => declaredIn(file));
  const pages = new Map<string, string>();
  for (const spec of HEADLESS_PAGES) {
    pages.set(
      `integrate/purse-checkout/headless-checkout/sdk-references/${spec.file}.mdx`,
      page(
        {
          title: spec.title,
          description: `${spec.title} of the headless checkout SDK (/sdk/v1/tessera-headless.js), from its declarations.`,
          position: spec.position,
        },
        `${spec.intro} Generated from the declarations the SDK ships (\`/sdk/v1/tessera-headless.d.ts\`).`,
        all.filter((declared) => declared.kind === spec.kind).sort((a, b) => a.name.localeCompare(b.name)),
      ),
    );
  }
  const secureFields = [
    ...all.filter((declared) => declared.source === HEADLESS_ENTRY && declared.name === 'createSecureFields'),
    ...all.filter((declared) => declared.source === SECURE_FIELDS_API),
  ];
  pages.set(
    'integrate/purse-checkout/advanced-flow/secure-fields-sdk-reference.mdx',
    page(
      {
        title: 'Secure fields SDK reference',
        description:
          'Every function and type of the secure fields (card inputs in Tessera frames), from the SDK’s declarations.',
        position: 1,
        label: 'Secure fields SDK reference',
      },
      'The secure fields are part of the headless SDK (`/sdk/v1/tessera-headless.mjs` and `.js`): `createSecureFields()` on its own, or `checkout.createCardFields()` within a [headless checkout](/docs/integrate/purse-checkout/headless-checkout/). How they work and how to style them: [hosted fields](/docs/integrate/purse-checkout/hosted-fields/). Generated from the declarations the SDK ships.',
      secureFields,
    ),
  );
  return pages;
}
