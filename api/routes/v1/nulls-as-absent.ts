// Platforms send `null` for what they do not know, and v1 always read that as absent: the routes
// drop null fields before validation, and the v1 document says so, so that a generated client (or
// a fuzzer) knows that an optional field also takes null while a required one does not.

import { referencedComponents } from '../../openapi-references';

type Json = unknown;

/** The body with every null object field removed, at any depth (null array items are kept, and refused). */
export function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const NESTED_SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'];

/** A JSON Schema in which every optional property also accepts null, as the v1 routes read it. */
export function withNullableOptionals(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...schema };
  for (const key of NESTED_SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) result[key] = list.map((item) => (isSchema(item) ? withNullableOptionals(item) : item));
  }
  if (isSchema(schema.items)) result.items = withNullableOptionals(schema.items);
  // A map's entries are never required: a null one is dropped like an optional field.
  if (isSchema(schema.additionalProperties))
    result.additionalProperties = orNull(withNullableOptionals(schema.additionalProperties));
  if (isSchema(schema.patternProperties)) {
    result.patternProperties = Object.fromEntries(
      Object.entries(schema.patternProperties).map(([pattern, entry]) => [
        pattern,
        isSchema(entry) ? orNull(withNullableOptionals(entry)) : entry,
      ]),
    );
  }
  if (isSchema(schema.properties)) {
    const required = Array.isArray(schema.required) ? schema.required : [];
    result.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => {
        if (!isSchema(property)) return [name, property];
        const nested = withNullableOptionals(property);
        return [name, required.includes(name) ? nested : orNull(nested)];
      }),
    );
  }
  return result;
}

/** What documents show beside a field: kept outside the choice so that generated clients and pages still show it. */
const ANNOTATIONS = ['title', 'description', 'examples', 'example', 'default', 'deprecated'];

/** `schema` or null, its annotations kept on the field. */
function orNull(schema: JsonSchema): JsonSchema {
  const annotations = Object.fromEntries(Object.entries(schema).filter(([key]) => ANNOTATIONS.includes(key)));
  const rest = Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.includes(key)));
  return { ...annotations, anyOf: [rest, { type: 'null' }] };
}

/** Only the v1 routes drop nulls: the document's other calls (the token call) keep their own reading. */
const V1_PREFIX = '/payment/v1/';

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The v1 document with each request body's optional fields (inline or in the components the bodies
 * use) also taking null. A component that answers share with bodies says so too: looser, never wrong.
 */
export function documentNullsAsAbsent<T extends OpenApiDocument>(document: T): T {
  const bodies: unknown[] = [];
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith(V1_PREFIX) || !isSchema(item)) {
      paths[path] = item;
      continue;
    }
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, operation]) => {
        if (!isSchema(operation) || !isSchema(operation.requestBody)) return [method, operation];
        const requestBody = operation.requestBody;
        const content = isSchema(requestBody.content) ? requestBody.content : {};
        const nullable = Object.fromEntries(
          Object.entries(content).map(([type, media]) => {
            if (!isSchema(media) || !isSchema(media.schema)) return [type, media];
            bodies.push(media.schema);
            return [type, { ...media, schema: withNullableOptionals(media.schema) }];
          }),
        );
        return [method, { ...operation, requestBody: { ...requestBody, content: nullable } }];
      }),
    );
  }
  const schemas = document.components?.schemas ?? {};
  const used = referencedComponents(bodies, schemas);
  const components = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) =>
      used.has(name) && isSchema(schema) ? [name, withNullableOptionals(schema)] : [name, schema],
    ),
  );
  return { ...document, paths, components: { ...document.components, schemas: components } };
}
