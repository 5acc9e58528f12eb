// Wallet sessions live 30 minutes (TESSERA_WALLET_SESSION_TTL_SECONDS); the hourly purge
// (workflows/vault-purge.ts) deletes the expired ones.
import type { Sql } from '../../db/connection';
import { purgeExpiredWalletSessions } from '../../db/wallet';

export function createPurgeWalletSessions(deps: { sql: Sql }) {
  return async function purgeWalletSessions(): Promise<number> {
    return purgeExpiredWalletSessions(deps.sql);
  };
}
