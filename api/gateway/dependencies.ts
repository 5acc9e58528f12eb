import type { Client } from '@temporalio/client';
import type { MerchantReads } from '../../db/cache/merchant-cache';
import type { Sql } from '../../db/connection';
import type { TesseraConfig } from '../../platform/config';

/** What every gateway needs: the workflows, the read model, and the deployment's settings. */
export interface GatewayDependencies {
  sql: Sql;
  /** Entities and their contracts, cached (db/cache/merchant-cache.ts). */
  merchants: MerchantReads;
  temporal: Client;
  config: TesseraConfig;
}
