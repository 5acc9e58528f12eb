// The workflow modules are preloaded (temporal/worker.ts): evaluated once in a workflow thread and
// shared by every workflow it runs. A module-level `let`, a mutable collection or a statement run at
// load would then carry one workflow's state into the next, which replays differently: a
// nondeterminism no single workflow's test would show. So every module the bundle holds is read
// here, and only declarations that cannot hold such state pass.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { parseSync } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/config';
import { workflowBundling } from './worker';

/**
 * Our own modules in the workflow bundle, relative to the project (the SDK's are made to be shared,
 * and stay external).
 */
async function workflowModules(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: workflowBundling.preloadModules,
    absWorkingDir: projectRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    logLevel: 'silent',
    external: ['@temporalio/*'],
  });
  return Object.keys(metafile.inputs);
}

interface Node {
  type: string;
  [key: string]: unknown;
}

/**
 * Packages besides the SDK that workflow code may import: each read for module-level state first
 * (none so far). Their modules are shared like ours.
 */
const packagesReadForState: readonly string[] = [];

const mutableCollections = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/** What a top-level statement would share between workflows, or undefined when it shares nothing. */
function sharedState(statement: Node, source: string): string | undefined {
  const text = () => source.slice(Number(statement.start), Number(statement.end)).split('\n')[0];
  switch (statement.type) {
    case 'ExportNamedDeclaration':
    case 'ExportDefaultDeclaration':
      return isNode(statement.declaration) ? sharedState(statement.declaration, source) : undefined;
    case 'VariableDeclaration': {
      if (statement.kind !== 'const') return `a module-level ${String(statement.kind)}: ${text()}`;
      const declarators = Array.isArray(statement.declarations) ? statement.declarations.filter(isNode) : [];
      for (const declarator of declarators) {
        const init = declarator.init;
        if (!isNode(init) || init.type !== 'NewExpression' || !isNode(init.callee)) continue;
        const made = String(init.callee.name);
        const typed = isNode(declarator.id) ? source.slice(Number(declarator.id.start), Number(init.start)) : '';
        if (mutableCollections.has(made) && !/:\s*Readonly/.test(typed))
          return `a module-level ${made} (type it Readonly${made} if nothing adds to it): ${text()}`;
      }
      return undefined;
    }
    case 'ClassDeclaration': {
      const members = isNode(statement.body) && Array.isArray(statement.body.body) ? statement.body.body : [];
      const mutableStatic = members
        .filter(isNode)
        .find((member) => member.static === true && member.type === 'PropertyDefinition' && member.readonly !== true);
      return mutableStatic ? `a class with a static property that is not readonly: ${text()}` : undefined;
    }
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'FunctionDeclaration':
    case 'TSTypeAliasDeclaration':
    case 'TSInterfaceDeclaration':
    case 'TSModuleDeclaration':
    case 'TSDeclareFunction':
    case 'EmptyStatement':
      return undefined;
    default:
      return `a statement run when the module loads (${statement.type}): ${text()}`;
  }
}

function findingsOf(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) return [`${file} does not parse: ${errors[0]?.message}`];
  return program.body.flatMap((statement) => {
    const found = isNode(statement) ? sharedState(statement, source) : undefined;
    return found ? [`${file}: ${found}`] : [];
  });
}

describe('the preloaded workflow modules keep no state between workflows', () => {
  let modules: string[] = [];
  beforeAll(async () => {
    modules = await workflowModules();
  });

  it('holds only our own modules besides the SDK: a package would be shared unread', () => {
    expect(modules.length).toBeGreaterThan(20);
    const unread = modules.filter(
      (file) =>
        file.includes('node_modules/') && !packagesReadForState.some((name) => file.includes(`node_modules/${name}/`)),
    );
    expect(unread).toEqual([]);
  });

  it('declares nothing at module level that a workflow could change for the next one', () => {
    const ours = modules.filter((file) => !file.includes('node_modules/'));
    const findings = ours.flatMap((file) => findingsOf(file, readFileSync(join(projectRoot, file), 'utf8')));
    expect(findings).toEqual([]);
  });

  it('finds each kind of shared state it looks for', () => {
    const module = [
      "import { x } from './x';",
      'let counter = 0;',
      'export var total = 0;',
      'const seen = new Set<string>();',
      'const cache: Map<string, number> = new Map();',
      "const statuses: ReadonlySet<string> = new Set(['A']);",
      'const LIMIT = 5;',
      'class Registry { static entries = []; static readonly NAME = "r"; }',
      'class Fixed { static readonly NAME = "f"; }',
      'registry.push(x);',
      'export function pure() { let local = 1; return local; }',
      'export type T = { a: number };',
    ].join('\n');
    expect(findingsOf('example.ts', module).map((finding) => finding.split(': ')[1])).toEqual([
      'a module-level let',
      'a module-level var',
      'a module-level Set (type it ReadonlySet if nothing adds to it)',
      'a module-level Map (type it ReadonlyMap if nothing adds to it)',
      'a class with a static property that is not readonly',
      'a statement run when the module loads (ExpressionStatement)',
    ]);
  });
});
