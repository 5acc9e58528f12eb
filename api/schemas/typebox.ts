/**
 * TypeBox helpers shared by every schema module.
 *
 * Importing this module registers, in TypeBox's global registries, the custom `StringEnum`
 * kind and the string formats the schemas use, so that `Value.Check` and `TypeCompiler`
 * (tests, workflows' sanity checks, the web app) accept exactly what Fastify's Ajv accepts.
 * Ajv itself needs nothing: `StringEnum` emits a plain `{type: 'string', enum}` and Fastify
 * loads ajv-formats by default.
 */
import {
  FormatRegistry,
  Kind,
  Type,
  TypeRegistry,
  type SchemaOptions,
  type Static,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

interface StringEnumSchema {
  enum: readonly string[];
}

TypeRegistry.Set<StringEnumSchema>(
  'StringEnum',
  (schema, value) => typeof value === 'string' && schema.enum.includes(value),
);

/**
 * `{type: 'string', enum: [...]}` typed as the union of its values.
 *
 * Preferred over `Type.Union(Type.Literal(...))`, whose `anyOf` of `const` gives one Ajv
 * error per member ("must be equal to constant" × n) and renders poorly in OpenAPI; a
 * single `enum` gives one error, "must be equal to one of the allowed values", at the field.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, [Kind]: 'StringEnum', type: 'string', enum: [...values] });
}

/**
 * `{ $ref: '<$id>' }` typed as the referenced schema. TypeBox 0.34 deprecates
 * `Type.Ref(schema)`; this is the replacement its documentation gives.
 */
export function Ref<T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnsafe<Static<T>> {
  if (typeof schema.$id !== 'string') throw new TypeError('only a schema with an $id can be referenced');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id, options));
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= max;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 section 5.6, as ajv-formats' "full" mode checks it: offset required, leap second allowed.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
// Same shape as ajv-formats' email: local part of atext, dot-separated labels.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const URI_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

FormatRegistry.Set('date', (value) => {
  const m = DATE.exec(value);
  return m !== null && isValidDate(Number(m[1]), Number(m[2]), Number(m[3]));
});
FormatRegistry.Set('date-time', (value) => {
  const m = DATE_TIME.exec(value);
  if (m === null) return false;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6])];
  const offsetHour = m[7] === undefined ? 0 : Number(m[7]);
  const offsetMinute = m[8] === undefined ? 0 : Number(m[8]);
  return (
    isValidDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  );
});
FormatRegistry.Set('uuid', (value) => UUID.test(value));
FormatRegistry.Set('email', (value) => EMAIL.test(value));
FormatRegistry.Set('uri', (value) => {
  // An absolute URI: a scheme, and nothing URL parsing rejects. Ajv's regex is stricter
  // about rare characters; the schemas pair `uri` with an http(s) pattern where it matters.
  if (!URI_SCHEME.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
});

FormatRegistry.Set('uri-reference', (value) => {
  if (/\s/.test(value)) return false;
  try {
    new URL(value, 'http://base.invalid/');
    return true;
  } catch {
    return false;
  }
});

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
