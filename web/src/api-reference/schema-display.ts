// How a JSON Schema (OpenAPI 3.1 flavour) is summarised for readers: its type label, the facts
// worth a line (formats, bounds, defaults), its properties with `allOf` merged, its variants.

import { isObject, refName, type JsonObject, type RefResolver, type Schema } from './openapi-model';

export interface ResolvedSchema {
  schema: Schema;
  /** Name of the component the schema came from, when it was a `$ref`. */
  name: string | null;
  /** The `$ref` was already being shown higher up: do not expand it again. */
  cyclic: boolean;
  ref: string | null;
}

const isNullType = (schema: Schema) => isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/**
 * `anyOf: [X, {type: null}]` read as X that may also be null: how the v1 document says that an
 * optional field takes null. Shown as "X | null" with X's fields, not as two variants.
 */
export function withoutNullVariant(schema: Schema): Schema {
  if (!isObject(schema)) return schema;
  const variants = variantsOf(schema);
  if (!variants || variants.schemas.length !== 2 || !variants.schemas.some(isNullType)) return schema;
  const other = variants.schemas.find((variant) => !isNullType(variant));
  if (!isObject(other)) return schema;
  const wrapper = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== variants.kind));
  return { ...other, ...wrapper, nullable: true };
}

/** Resolves a `$ref` (keeping sibling keywords such as description, which 3.1 allows). */
export function resolveSchema(given: Schema, resolver: RefResolver, seen: ReadonlySet<string>): ResolvedSchema {
  const schema = withoutNullVariant(given);
  if (!isObject(schema) || typeof schema.$ref !== 'string') return { schema, name: null, cyclic: false, ref: null };
  const ref = schema.$ref;
  const name = refName(ref);
  if (seen.has(ref)) return { schema: {}, name, cyclic: true, ref };
  const target = resolver.lookup(ref);
  const { $ref: _ref, ...siblings } = schema;
  if (isObject(target)) {
    const inner = resolveSchema(target, resolver, new Set([...seen, ref]));
    return {
      schema: isObject(inner.schema) ? { ...inner.schema, ...siblings } : inner.schema,
      name,
      cyclic: inner.cyclic,
      ref,
    };
  }
  if (typeof target === 'boolean') return { schema: target, name, cyclic: false, ref };
  // A dangling reference is shown by name rather than failing the whole page.
  return { schema: { ...siblings, description: `Unresolved reference ${ref}` }, name, cyclic: false, ref };
}

function types(schema: JsonObject): string[] {
  const declared = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  if (declared.length === 0 && (isObject(schema.properties) || schema.additionalProperties !== undefined))
    declared.push('object');
  if (schema.nullable === true && !declared.includes('null')) declared.push('null');
  return declared;
}

/** "string", "integer | null", "array of Payment", "one of 2 types", "any". */
export function typeLabel(given: Schema, resolver: RefResolver): string {
  const schema = withoutNullVariant(given);
  if (schema === true) return 'any';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') return `${refName(schema.$ref)}${schema.nullable === true ? ' | null' : ''}`;
  if (schema.const !== undefined) return `constant ${JSON.stringify(schema.const)}`;
  const variants = variantsOf(schema);
  if (variants) return `${variants.kind === 'oneOf' ? 'one of' : 'any of'} ${variants.schemas.length} types`;
  const list = types(schema).map((type) => {
    if (type === 'array' && (isObject(schema.items) || typeof schema.items === 'boolean'))
      return `array of ${typeLabel(schema.items, resolver)}`;
    if (typeof schema.format === 'string' && type !== 'null') return `${type} (${schema.format})`;
    return type;
  });
  if (list.length > 0) return list.join(' | ');
  if (Array.isArray(schema.allOf)) return 'object';
  if (Array.isArray(schema.enum)) return 'enum';
  return 'any';
}

export function variantsOf(schema: JsonObject): { kind: 'oneOf' | 'anyOf'; schemas: Schema[] } | null {
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = schema[kind];
    if (Array.isArray(list))
      return { kind, schemas: list.filter((s): s is Schema => isObject(s) || typeof s === 'boolean') };
  }
  return null;
}

export interface PropertyEntry {
  name: string;
  schema: Schema;
  required: boolean;
}

/** Properties of an object schema, with `allOf` parts merged in (their $refs resolved). */
export function propertiesOf(schema: JsonObject, resolver: RefResolver, seen: ReadonlySet<string>): PropertyEntry[] {
  const properties = new Map<string, Schema>();
  const required = new Set<string>();
  const collect = (part: JsonObject, partSeen: ReadonlySet<string>) => {
    if (isObject(part.properties)) {
      for (const [name, value] of Object.entries(part.properties)) {
        if (isObject(value) || typeof value === 'boolean') properties.set(name, value);
      }
    }
    if (Array.isArray(part.required))
      for (const name of part.required) if (typeof name === 'string') required.add(name);
    if (Array.isArray(part.allOf)) {
      for (const inner of part.allOf) {
        if (!isObject(inner) && typeof inner !== 'boolean') continue;
        const resolved = resolveSchema(inner, resolver, partSeen);
        if (isObject(resolved.schema) && !resolved.cyclic)
          collect(resolved.schema, resolved.ref ? new Set([...partSeen, resolved.ref]) : partSeen);
      }
    }
  };
  collect(schema, seen);
  return [...properties].map(([name, value]) => ({ name, schema: value, required: required.has(name) }));
}

/** One-line facts about a schema: bounds, format details, defaults, examples. */
export function constraintsOf(schema: Schema): string[] {
  if (!isObject(schema)) return [];
  const facts: string[] = [];
  const num = (key: string) => (typeof schema[key] === 'number' ? schema[key] : undefined);
  const min = num('minimum');
  const max = num('maximum');
  if (min !== undefined) facts.push(`≥ ${min}`);
  if (num('exclusiveMinimum') !== undefined) facts.push(`> ${num('exclusiveMinimum')}`);
  if (max !== undefined) facts.push(`≤ ${max}`);
  if (num('exclusiveMaximum') !== undefined) facts.push(`< ${num('exclusiveMaximum')}`);
  const minLength = num('minLength');
  const maxLength = num('maxLength');
  if (minLength !== undefined && maxLength !== undefined)
    facts.push(minLength === maxLength ? `${minLength} characters` : `${minLength}–${maxLength} characters`);
  else if (minLength !== undefined) facts.push(`at least ${minLength} characters`);
  else if (maxLength !== undefined) facts.push(`at most ${maxLength} characters`);
  if (num('minItems') !== undefined) facts.push(`at least ${num('minItems')} items`);
  if (num('maxItems') !== undefined) facts.push(`at most ${num('maxItems')} items`);
  if (schema.uniqueItems === true) facts.push('unique items');
  if (typeof schema.pattern === 'string') facts.push(`pattern ${schema.pattern}`);
  if (schema.readOnly === true) facts.push('read only');
  if (schema.writeOnly === true) facts.push('write only');
  if (schema.default !== undefined) facts.push(`default: ${JSON.stringify(schema.default)}`);
  const examples = Array.isArray(schema.examples)
    ? schema.examples
    : schema.example !== undefined
      ? [schema.example]
      : [];
  if (examples.length > 0 && examples.every((example) => typeof example !== 'object' || example === null)) {
    facts.push(`example: ${examples.map((example) => JSON.stringify(example)).join(', ')}`);
  }
  return facts;
}

export function enumValues(schema: Schema): unknown[] | null {
  return isObject(schema) && Array.isArray(schema.enum) ? schema.enum : null;
}

/** Whether the schema has inner structure worth expanding (fields, items, variants). */
export function hasChildren(schema: Schema, resolver: RefResolver, seen: ReadonlySet<string>): boolean {
  const resolved = resolveSchema(schema, resolver, seen);
  if (resolved.cyclic || !isObject(resolved.schema)) return false;
  const inner = resolved.schema;
  if (variantsOf(inner)) return true;
  if (propertiesOf(inner, resolver, seen).length > 0) return true;
  if (isObject(inner.additionalProperties)) return true;
  if (isObject(inner.items))
    return hasChildren(inner.items, resolver, resolved.ref ? new Set([...seen, resolved.ref]) : seen);
  return false;
}
