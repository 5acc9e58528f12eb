// The workflows' side of the read model (db/projections.ts): what changed with nobody asking.
import type { Sql } from '../db/connection';
import { saveClientSessionProjection, savePaymentProjection } from '../db/projections';
import type { ClientSessionState } from '../workflows/client-session/types';
import type { Payment } from '../api/schemas/v2';

export function createProjectionActivities(deps: { sql: Sql; encryptionKey: Buffer }) {
  return {
    async saveClientSessionProjection({ session }: { session: ClientSessionState }): Promise<void> {
      await saveClientSessionProjection(deps.sql, deps.encryptionKey, session);
    },
    async savePaymentProjection({ payment }: { payment: Payment }): Promise<void> {
      await savePaymentProjection(deps.sql, deps.encryptionKey, payment);
    },
  };
}
