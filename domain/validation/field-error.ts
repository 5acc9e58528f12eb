/**
 * The unit every validation rule returns: one invalid field. `pointer` is a JSON Pointer
 * (RFC 6901) into the validated document, the same notation as Ajv's `instancePath` and
 * as the `errors[].pointer` of a v2 problem answer, so a route can pass these through.
 */
export interface FieldError {
  /** e.g. "/order/shipments/0/item_lines/2/tax_amount"; "" is the whole document. */
  pointer: string;
  detail: string;
}

/** Escapes one reference token: "~" → "~0", "/" → "~1" (RFC 6901 section 3). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends tokens to a pointer: pointer('/order', 'shipments', 0) → "/order/shipments/0". */
export function pointer(base: string, ...tokens: readonly (string | number)[]): string {
  return base + tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

export function fieldError(at: string, detail: string): FieldError {
  return { pointer: at, detail };
}
