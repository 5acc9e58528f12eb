// v1 keeps the first answer to an idempotency key for 14 days; past that, the record goes, on the
// same hourly schedule as the vault purge (workflows/vault-purge.ts).
import type { Sql } from '../../db/connection';
import { purgeV1Idempotency } from '../../db/v1-idempotency';

export function createPurgeV1IdempotencyRecords(deps: { sql: Sql }) {
  return async function purgeV1IdempotencyRecords(): Promise<number> {
    return purgeV1Idempotency(deps.sql);
  };
}
