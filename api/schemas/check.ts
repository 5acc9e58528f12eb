/**
 * Validation with TypeBox instead of Ajv, for code that holds a payload outside a Fastify
 * route (tests, the web app, the v1 adapter checking what it converted). Uses
 * `Value.Errors`, which does not generate code, so it also runs under a strict CSP.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FieldError } from '../../domain/validation/field-error';
import { v2Schemas } from './v2';

/** Every schema violation as {pointer, detail}; pointers are JSON pointers like Ajv's instancePath. */
export function schemaErrors(
  schema: TSchema,
  value: unknown,
  references: readonly TSchema[] = v2Schemas,
): FieldError[] {
  return [...Value.Errors(schema, [...references], value)].map((error) => ({
    pointer: error.path,
    detail: error.message,
  }));
}

export function matchesSchema(schema: TSchema, value: unknown, references: readonly TSchema[] = v2Schemas): boolean {
  return Value.Check(schema, [...references], value);
}
