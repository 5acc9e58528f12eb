// The NUL character (U+0000) is refused in every parameter and body field, keys included, with a
// 400 naming the field: no text a merchant or shopper means holds one, PostgreSQL text and jsonb
// cannot store one (the query fails), and a NUL cut short by one component and not another is a
// classic way to make two checks disagree about one value. The OpenAPI fuzzing test found it as
// 500s (a client_id of POST /oauth/token, a wallet token status).
import type { FastifyInstance } from 'fastify';
import { badRequest, type FieldError } from './errors/problem';
import { escapePointerToken } from './errors/validation';

const NUL = '\u0000';

/** JSON pointers (under `prefix`) of every string holding a NUL, as a key or as a value. */
export function nulCharacterPointers(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.includes(NUL) ? [prefix] : [];
  if (value === null || typeof value !== 'object') return [];
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => {
    const pointer = `${prefix}/${escapePointerToken(key.replaceAll(NUL, '\\u0000'))}`;
    return [...(key.includes(NUL) ? [pointer] : []), ...nulCharacterPointers(item, pointer)];
  });
}

export function refuseNulCharacters(app: FastifyInstance): void {
  // Before the route's own hooks and schema validation, so no handler or query ever sees one.
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = [
      ...nulCharacterPointers(request.params, '/params'),
      ...nulCharacterPointers(request.query, '/querystring'),
      ...nulCharacterPointers(request.body),
    ].map((pointer) => ({ pointer, detail: 'must not contain the NUL character (U+0000)' }));
    if (errors.length > 0) throw badRequest('the request contains a NUL character', errors);
  });
}
