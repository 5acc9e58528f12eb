// The worker's activities, built around their dependencies so tests can give each worker its own.
import type { Sql } from '../db/connection';
import { createSaveClientSessionProjection } from './projections';
import { createDeliverWebhook } from './webhooks/deliver';

export interface ActivityDependencies {
  sql: Sql;
  encryptionKey: Buffer;
}

export function createActivities(deps: ActivityDependencies) {
  return {
    deliverWebhook: createDeliverWebhook(deps),
    saveClientSessionProjection: createSaveClientSessionProjection(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
