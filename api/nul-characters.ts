// The NUL character (U+0000) is refused in every parameter and body field, keys included, with a
// 400 naming the field: no text a merchant or shopper means holds one, PostgreSQL text and jsonb
// cannot store one (the query fails), and a NUL cut short by one component and not another is a
// classic way to make two checks disagree about one value. The OpenAPI fuzzing test found it as
// 500s (a client_id of POST /oauth/token, a wallet token status). The same walk refuses a request
// nested deeper than MAX_NESTING_DEPTH, which black-box testing found as 500s (the stack of a
// recursive walk exhausted by a body of a few thousand nested arrays).
import type { FastifyInstance } from 'fastify';
import { badRequest, type FieldError } from './errors/problem';
import { escapePointerToken } from './errors/validation';

const NUL = '\u0000';

/**
 * Deeper than any shape of the three APIs (a v2 order's item line is five levels down) by far. A
 * body nested deeper is refused before anything walks it: the validators recurse, and a body of
 * a few kilobytes can nest thousands of levels.
 */
export const MAX_NESTING_DEPTH = 64;

export interface UnfitText {
  /** JSON pointers (under the walk's prefix) of every string holding a NUL, as a key or as a value. */
  nulPointers: string[];
  /** The first place nested deeper than MAX_NESTING_DEPTH, where the walk stopped; undefined if none. */
  tooDeepAt: string | undefined;
}

/** One walk of a parameter set or body, without recursion: its NUL characters and its depth. */
export function unfitText(value: unknown, prefix = ''): UnfitText {
  const nulPointers: string[] = [];
  const pending: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: prefix, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined) break;
    if (typeof next.value === 'string') {
      if (next.value.includes(NUL)) nulPointers.push(next.pointer);
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_NESTING_DEPTH) return { nulPointers, tooDeepAt: next.pointer };
    const entries: Array<[string, unknown]> = Array.isArray(next.value)
      ? next.value.map((item, index) => [String(index), item])
      : Object.entries(next.value);
    // Pushed in reverse, so the pointers come out in the order of the document.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] ?? ['', undefined];
      const pointer = `${next.pointer}/${escapePointerToken(key.replaceAll(NUL, '\\u0000'))}`;
      pending.push({ value: item, pointer, depth: next.depth + 1 });
      if (key.includes(NUL)) pending.push({ value: NUL, pointer, depth: next.depth + 1 });
    }
  }
  return { nulPointers, tooDeepAt: undefined };
}

/** JSON pointers (under `prefix`) of every string holding a NUL, as a key or as a value. */
export function nulCharacterPointers(value: unknown, prefix = ''): string[] {
  return unfitText(value, prefix).nulPointers;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  // Before the route's own hooks and schema validation, so no handler or query ever sees one.
  app.addHook('preValidation', async (request) => {
    const parts = [
      unfitText(request.params, '/params'),
      unfitText(request.query, '/querystring'),
      unfitText(request.body),
    ];
    const tooDeep = parts.find((part) => part.tooDeepAt !== undefined)?.tooDeepAt;
    if (tooDeep !== undefined)
      throw badRequest(`the request nests deeper than ${MAX_NESTING_DEPTH} levels`, [
        { pointer: tooDeep, detail: `must not nest deeper than ${MAX_NESTING_DEPTH} levels` },
      ]);
    const errors: FieldError[] = parts
      .flatMap((part) => part.nulPointers)
      .map((pointer) => ({ pointer, detail: 'must not contain the NUL character (U+0000)' }));
    if (errors.length > 0) throw badRequest('the request contains a NUL character', errors);
  });
}
