// The API's side of the read model (db/projections.ts and workflows/read-model.ts): it writes the
// state a workflow answered before answering the merchant in turn, so a read with max-age right
// after sees it. The answer does not depend on the write: the workflow holds the truth, and a
// failed write is repaired by the next change or the next read through the workflow.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../db/connection';
import {
  saveClientSessionProjection,
  savePaymentProjection,
  saveSessionAndPaymentProjections,
} from '../db/projections';
import type { ClientSessionState } from '../workflows/client-session/types';
import type { Payment } from './schemas/v2';

export async function projectAnswer(
  sql: Sql,
  key: Buffer,
  log: FastifyBaseLogger,
  answer: { session?: ClientSessionState; payment?: Payment },
): Promise<void> {
  const { session, payment } = answer;
  try {
    if (session && payment) await saveSessionAndPaymentProjections(sql, key, session, payment);
    else if (session) await saveClientSessionProjection(sql, key, session);
    else if (payment) await savePaymentProjection(sql, key, payment);
  } catch (error) {
    log.error({ err: error }, 'the read model was not written; the workflow remains the source of truth');
  }
}
