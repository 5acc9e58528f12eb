// Deletes what the card and gift-card vaults may no longer keep: tokens never used before they
// expired, and used ones past their retention (with the partner answers kept beside them).
import type { Sql } from '../../db/connection';
import { purgeGiftCardVault } from '../../db/gift-card-vault';
import { purgeVault } from '../../db/vault';

export interface VaultPurgeResult {
  cards: number;
  gift_cards: number;
}

export function createPurgeVaults(deps: { sql: Sql }) {
  return async function purgeVaults(): Promise<VaultPurgeResult> {
    const [cards, giftCards] = await Promise.all([purgeVault(deps.sql), purgeGiftCardVault(deps.sql)]);
    return { cards, gift_cards: giftCards };
  };
}
