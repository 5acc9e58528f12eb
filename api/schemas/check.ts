/**
 * Validation with TypeBox instead of Ajv, for code that holds a payload outside a Fastify
 * route (tests, the v1 adapter checking what it converted). Uses `Value.Check` and
 * `Value.Errors`, which do not generate code, so they also run under a strict CSP.
 */
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { FieldError } from '../../domain/validation/field-error';
import { idOf } from './typebox';
import { v2Schemas } from './v2';

const contexts = new WeakMap<readonly TSchema[], Record<string, TSchema>>();

/**
 * The schemas a `$ref` may name, keyed by `$id`: TypeBox resolves `{$ref: 'Address'}` by that
 * key (`Value.Check(context, schema, value)`, `Compile(context, schema)`).
 */
export function schemaContext(references: readonly TSchema[]): Record<string, TSchema> {
  let context = contexts.get(references);
  if (!context) {
    context = Object.fromEntries(references.map((schema) => [idOf(schema), schema]));
    contexts.set(references, context);
  }
  return context;
}

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The schema's violations as {pointer, detail}; pointers are JSON pointers like Ajv's
 * instancePath, except that a missing property is pointed at itself, not at its parent.
 * TypeBox stops collecting after its `maxErrors` setting (8 by default).
 */
export function schemaErrors(
  schema: TSchema,
  value: unknown,
  references: readonly TSchema[] = v2Schemas,
): FieldError[] {
  return Value.Errors(schemaContext(references), schema, value).flatMap((error) =>
    error.keyword === 'required'
      ? error.params.requiredProperties.map((property) => ({
          pointer: `${error.instancePath}/${escapePointer(property)}`,
          detail: `must have required property '${property}'`,
        }))
      : [{ pointer: error.instancePath, detail: error.message }],
  );
}

export function matchesSchema<T extends TSchema>(
  schema: T,
  value: unknown,
  references: readonly TSchema[] = v2Schemas,
): value is Static<T> {
  return Value.Check(schemaContext(references), schema, value);
}
