/** Editing a JSON document by JSON pointer, to derive invalid payloads from valid fixtures. */

export const REMOVE = Symbol('remove');

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/**
 * A deep copy of `document` where the value at `path` is replaced (or removed with
 * {@link REMOVE}). Every container on the path must exist.
 */
export function edit(document: unknown, path: string, value: unknown): unknown {
  const copy: unknown = structuredClone(document);
  const tokens = path
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop();
  if (last === undefined) throw new Error('cannot edit the root');
  let node: unknown = copy;
  for (const token of tokens) {
    if (!isContainer(node)) throw new Error(`no container at ${path}`);
    node = Array.isArray(node) ? node[Number(token)] : node[token];
  }
  if (!isContainer(node)) throw new Error(`no container at ${path}`);
  if (Array.isArray(node)) {
    if (value === REMOVE) node.splice(Number(last), 1);
    else node[Number(last)] = value;
  } else if (value === REMOVE) {
    delete node[last];
  } else {
    node[last] = value;
  }
  return copy;
}

/** Several edits in a row. */
export function editAll(document: unknown, edits: readonly (readonly [string, unknown])[]): unknown {
  return edits.reduce((doc, [path, value]) => edit(doc, path, value), document);
}
