import type { Client } from '@temporalio/client';
import type { Sql } from '../../db/connection';
import type { TesseraConfig } from '../../platform/config';

/** What every gateway needs: the workflows, the read model, and the deployment's settings. */
export interface GatewayDependencies {
  sql: Sql;
  temporal: Client;
  config: TesseraConfig;
}
