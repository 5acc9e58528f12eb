// Partner accounts (migration 011): an entity's own credentials at a partner that works per
// merchant, and the contracts that route its payments there. Credentials are stored encrypted and
// decrypted for one partner call at a time (activities/payments/partner-accounts.ts); only hints
// that reveal nothing (`sk_test_…4242`) are stored in clear.
import { decrypt, encrypt } from '../platform/secrets';
import type { Sql } from './connection';
import type { PartnerContract } from './contracts';

export interface PartnerAccountConfiguration {
  entityId: string;
  partner: string;
  /** Checked against the partner's profile before they come here (scripts/partner-configure.ts). */
  credentials: Readonly<Record<string, string>>;
  /** What an operator may see of each credential (partners/profile.ts credentialHints): never a secret. */
  hints: Readonly<Record<string, string>>;
  /** One per method; replaces the entity's contract for the same partner and method. */
  contracts: readonly Omit<PartnerContract, 'partner'>[];
  /** Other contracts of the entity to disable (the sandbox's for the same method). */
  disables: readonly { partner: string; method: string }[];
}

/** An entity's credentials at a partner, decrypted (partners/partner.ts PartnerAccount). */
export interface DecryptedPartnerAccount {
  entity_id: string;
  credentials: Record<string, string>;
}

/** Creates or replaces the entity's account at the partner and its contracts there, in one transaction. */
export async function configurePartnerAccount(
  sql: Sql,
  encryptionKey: Buffer,
  configuration: PartnerAccountConfiguration,
): Promise<void> {
  const { entityId, partner, credentials, hints } = configuration;
  const sealed = encrypt(encryptionKey, JSON.stringify(credentials));
  await sql.begin(async (tx) => {
    await tx`
      insert into partner_accounts (entity_id, partner, credentials_encrypted, hints)
      values (${entityId}, ${partner}, ${sealed}, ${tx.json(hints)})
      on conflict (entity_id, partner) do update
        set credentials_encrypted = excluded.credentials_encrypted, hints = excluded.hints, updated_at = now()`;
    for (const contract of configuration.contracts) {
      await tx`
        insert into partner_contracts (entity_id, partner, method, currencies, min_amount, max_amount, priority)
        values (${entityId}, ${partner}, ${contract.method}, ${contract.currencies}, ${contract.min_amount},
                ${contract.max_amount}, ${contract.priority})
        on conflict (entity_id, partner, method) do update
          set currencies = excluded.currencies, min_amount = excluded.min_amount, max_amount = excluded.max_amount,
              priority = excluded.priority, enabled = true`;
    }
    for (const { partner: other, method } of configuration.disables) {
      await tx`
        update partner_contracts set enabled = false
        where entity_id = ${entityId} and partner = ${other} and method = ${method}`;
    }
  });
}

/** The entity's account at the partner, decrypted; undefined when the entity has not configured it. */
export async function findPartnerAccount(
  sql: Sql,
  encryptionKey: Buffer,
  entityId: string,
  partner: string,
): Promise<DecryptedPartnerAccount | undefined> {
  const [row] = await sql<{ credentials_encrypted: string }[]>`
    select credentials_encrypted from partner_accounts where entity_id = ${entityId} and partner = ${partner}`;
  if (!row) return undefined;
  return {
    entity_id: entityId,
    credentials: JSON.parse(decrypt(encryptionKey, row.credentials_encrypted)) as Record<string, string>,
  };
}
