// A payment made with allow_future_usage saves what its partner can reuse into its customer's
// wallet (workflows/payment/wallet-save.ts). Idempotent: keyed on the uniqueness token, so a retried
// activity, or the same card paying again, refreshes the one token instead of adding another.
import type { Sql } from '../../db/connection';
import { saveWalletToken } from '../../db/wallet';
import type { WalletEntry } from '../../domain/wallet-save';

export interface SaveToWalletInput {
  entity_id: string;
  owner_reference: string;
  payment_id: string;
  entry: WalletEntry;
}

export function createSaveToWallet(deps: { sql: Sql; encryptionKey: Buffer }) {
  return async function saveToWallet(input: SaveToWalletInput): Promise<{ wallet_token_id: string }> {
    const { entry } = input;
    const saved = await saveWalletToken(
      deps.sql,
      deps.encryptionKey,
      { entityId: input.entity_id, ownerReference: input.owner_reference },
      {
        value: entry.value,
        expirationDate: new Date(entry.expiration_date),
        brandName: entry.brand_name,
        displayToken: entry.display_token,
        holderName: entry.holder_name,
        partner: entry.partner,
        method: entry.method,
        uniquenessToken: entry.uniqueness_token,
        reason: `saved by payment ${input.payment_id}`,
      },
    );
    return { wallet_token_id: saved.id };
  };
}
