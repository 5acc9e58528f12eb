/**
 * TypeBox helpers shared by every schema module.
 *
 * TypeBox 1.x checks plain JSON Schema: an `enum`, a `$ref` (resolved from a context of schemas,
 * see check.ts) and the string formats need nothing registered by us. `typebox/format` comes with
 * date, date-time, email, uri, uri-reference and uuid; importing this module only replaces
 * `email` with the rule Fastify's Ajv applies (below). Where TypeBox's other formats still differ
 * from Ajv's, and why that is harmless, is spelt out in formats.test.ts.
 */
import ajvFormats from 'ajv-formats';
import { Type, type Static, type TEnum, type TSchema, type TSchemaOptions, type TUnsafe } from 'typebox';
import Format from 'typebox/format';

/**
 * `{type: 'string', enum: [...]}` typed as the union of its values: TypeBox's own enum, with the
 * `type` Ajv and the OpenAPI documents have always been given.
 *
 * Preferred over `Type.Union(Type.Literal(...))`, whose `anyOf` of `const` gives one Ajv
 * error per member ("must be equal to constant" × n) and renders poorly in OpenAPI; a
 * single `enum` gives one error, "must be equal to one of the allowed values", at the field.
 * `type` stays: without it a number sent for an enum would lose its "must be string" error.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: TSchemaOptions = {}): TEnum<[...T]> {
  return Type.Enum<[...T]>([...values], { ...options, type: 'string' });
}

/**
 * `{ $ref: '<$id>' }` typed as the referenced schema. TypeBox's own `Type.Ref(id)` is typed
 * through a context of schemas (`Static<T, Context>`), which the Fastify type provider does not
 * pass: there it would be `unknown`.
 */
export function Ref<T extends TSchema>(schema: T, options: TSchemaOptions = {}): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>(Type.Ref(idOf(schema), options));
}

/** The `$id` of a named schema (TypeBox 1.x's `TSchema` type declares no keyword). */
export function idOf(schema: TSchema): string {
  const id: unknown = Reflect.get(schema, '$id');
  if (typeof id !== 'string') throw new TypeError('only a schema with an $id can be referenced');
  return id;
}

// TypeBox's email also takes a quoted local part, an IP literal and a one-label domain
// (user@localhost), which Ajv refuses. api/routes/v1/session-application.ts keeps a v1 customer's
// email only when TypeBox accepts it, so TypeBox must refuse what the v2 API refuses: the
// `ajv-formats` rule itself, the one Fastify loads (full mode).
const ajvEmail = ajvFormats.get('email');
if (!(ajvEmail instanceof RegExp)) throw new TypeError('ajv-formats’ email format is expected to be a RegExp');
Format.Set('email', (value) => ajvEmail.test(value));

/**
 * For `@fastify/swagger`'s `refResolver` option: names each component after its `$id`
 * ("Address", "ClientSession") instead of the default `def-0`, `def-1`.
 */
export function buildLocalReference(
  json: { $id?: unknown },
  _baseUri: unknown,
  _fragment: unknown,
  index: number,
): string {
  return typeof json.$id === 'string' ? json.$id : `def-${index}`;
}
