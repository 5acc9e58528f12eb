// Text no merchant or shopper means is refused in every parameter and body field, keys included,
// with a 400 naming the field, before any route, hook or query sees it:
// - the NUL character (U+0000): PostgreSQL text and jsonb cannot store one (the query fails), and a
//   NUL cut short by one component and not another is a classic way to make two checks disagree
//   about one value. The OpenAPI fuzzing test found it as 500s (a client_id of POST /oauth/token, a
//   wallet token status);
// - a lone UTF-16 surrogate (a JSON escape such as "\ud800" with no partner): it is not text, and on
//   its way to PostgreSQL's UTF-8 it becomes U+FFFD, so two different lone surrogates would be
//   stored as one value. Two customers' wallet owner references would then name one wallet;
// - a request nested deeper than MAX_NESTING_DEPTH, which black-box testing found as 500s (the stack
//   of a recursive walk exhausted by a body of a few thousand nested arrays).
// A body that is not UTF-8 at all is refused where it is parsed (api/media-types.ts), for the same
// reason as a lone surrogate: its bytes would be replaced by U+FFFD.
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
  /** JSON pointers of every string holding a lone UTF-16 surrogate, as a key or as a value. */
  loneSurrogatePointers: string[];
  /** The first place nested deeper than MAX_NESTING_DEPTH, where the walk stopped; undefined if none. */
  tooDeepAt: string | undefined;
}

/** A key as a pointer token that can be printed and read back: its NUL and lone surrogates escaped. */
function printableKey(key: string): string {
  return escapePointerToken(key.replaceAll(NUL, '\\u0000').toWellFormed());
}

/** One walk of a parameter set or body, without recursion: its unfit strings and its depth. */
export function unfitText(value: unknown, prefix = ''): UnfitText {
  const nulPointers: string[] = [];
  const loneSurrogatePointers: string[] = [];
  const pending: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: prefix, depth: 0 }];
  const judge = (text: string, pointer: string) => {
    if (text.includes(NUL)) nulPointers.push(pointer);
    if (!text.isWellFormed()) loneSurrogatePointers.push(pointer);
  };
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined) break;
    if (typeof next.value === 'string') {
      judge(next.value, next.pointer);
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_NESTING_DEPTH) return { nulPointers, loneSurrogatePointers, tooDeepAt: next.pointer };
    const entries: Array<[string, unknown]> = Array.isArray(next.value)
      ? next.value.map((item, index) => [String(index), item])
      : Object.entries(next.value);
    // Pushed in reverse, so the pointers come out in the order of the document; a key is judged
    // where it stands, before its value.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] ?? ['', undefined];
      const pointer = `${next.pointer}/${printableKey(key)}`;
      pending.push({ value: item, pointer, depth: next.depth + 1 });
      if (key.includes(NUL) || !key.isWellFormed()) pending.push({ value: key, pointer, depth: next.depth + 1 });
    }
  }
  return { nulPointers, loneSurrogatePointers, tooDeepAt: undefined };
}

/** JSON pointers (under `prefix`) of every string holding a NUL, as a key or as a value. */
export function nulCharacterPointers(value: unknown, prefix = ''): string[] {
  return unfitText(value, prefix).nulPointers;
}

export function refuseUnfitText(app: FastifyInstance): void {
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
    const nulErrors: FieldError[] = parts
      .flatMap((part) => part.nulPointers)
      .map((pointer) => ({ pointer, detail: 'must not contain the NUL character (U+0000)' }));
    if (nulErrors.length > 0) throw badRequest('the request contains a NUL character', nulErrors);
    const surrogateErrors: FieldError[] = parts
      .flatMap((part) => part.loneSurrogatePointers)
      .map((pointer) => ({
        pointer,
        detail:
          'must be Unicode text: it holds a lone UTF-16 surrogate (an escape from \\ud800 to \\udfff with no pair)',
      }));
    if (surrogateErrors.length > 0) throw badRequest('the request contains text that is not Unicode', surrogateErrors);
  });
}
