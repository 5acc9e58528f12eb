// Reading the typed client's answers (api/client) in tests, where a merchant's code would narrow
// them the same way.

/** The resource_id of a 409 idempotency conflict: the payment, operation or session the key made first. */
export function resourceIdOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'resource_id' in error && typeof error.resource_id === 'string'
    ? error.resource_id
    : undefined;
}
