import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { FieldError } from './problem';
import { WEBHOOK_HEADER_VALUE_PATTERN, WEBHOOK_HEADER_VALUE_RULE } from '../../domain/validation/webhook-headers';

/** Patterns whose Ajv message ("must match pattern …") would not tell a merchant what is wrong. */
const PATTERN_DETAILS: ReadonlyMap<string, string> = new Map([
  [WEBHOOK_HEADER_VALUE_PATTERN, WEBHOOK_HEADER_VALUE_RULE],
]);

export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Turns Ajv's errors into field errors whose pointer names the offending field itself. */
export function fieldErrorsFromAjv(errors: FastifySchemaValidationError[], context: string): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    let pointer = error.instancePath || '';
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      pointer = `${pointer}/${escapePointerToken(params.missingProperty)}`;
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      pointer = `${pointer}/${escapePointerToken(params.additionalProperty)}`;
    }
    // anyOf/oneOf report the same field several times; one message per field reads better.
    if (seen.has(pointer) && (error.keyword === 'anyOf' || error.keyword === 'oneOf')) continue;
    seen.add(pointer);
    const patternDetail =
      error.keyword === 'pattern' && typeof params.pattern === 'string'
        ? PATTERN_DETAILS.get(params.pattern)
        : undefined;
    const detail = error.keyword === 'required' ? 'is required' : (patternDetail ?? error.message ?? 'is invalid');
    result.push({ pointer: context === 'body' ? pointer : `/${context}${pointer}`, detail });
  }
  return result;
}
