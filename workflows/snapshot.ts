/**
 * A deep copy for values that leave the workflow (events, projections). structuredClone is not
 * available in Temporal's workflow sandbox, and every value here is plain JSON anyway.
 */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}
