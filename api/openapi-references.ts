// Which components of an OpenAPI document a part of it refers to: what the documents keep
// (api/openapi.ts) and what v1's nullable bodies reach (api/routes/v1/nulls-as-absent.ts).

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** Names of the components that `roots` refer to, directly or through other components. */
export function referencedComponents(roots: unknown[], components: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const name = key === '$ref' && typeof value === 'string' ? COMPONENT_REF.exec(value)?.[1] : undefined;
        if (name === undefined) pending.push(value);
        else if (!found.has(name)) {
          found.add(name);
          pending.push(components[name]);
        }
      }
    }
  }
  return found;
}
