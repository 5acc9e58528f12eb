import type { Sql } from './connection';

export interface PartnerContract {
  partner: string;
  method: string;
  currencies: string[];
  min_amount: number;
  max_amount: number;
  priority: number;
}

/**
 * What `merchant:create` grants a new entity: every sandbox partner. Instalment lenders only
 * lend in euros within a bounded basket, as real 3x/4x offers do.
 */
export const defaultSandboxContracts: readonly PartnerContract[] = [
  {
    partner: 'sandbox-card',
    method: 'creditcard',
    currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'],
    min_amount: 1,
    max_amount: 100_000_000,
    priority: 10,
  },
  {
    partner: 'sandbox-giftcard',
    method: 'giftcard',
    currencies: ['CHF', 'EUR', 'GBP', 'USD'],
    min_amount: 1,
    max_amount: 100_000_000,
    priority: 20,
  },
  {
    partner: 'sandbox-wallet',
    method: 'wallet',
    currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'],
    min_amount: 1,
    max_amount: 100_000_000,
    priority: 30,
  },
  {
    partner: 'sandbox-instalments',
    method: '3x',
    currencies: ['EUR'],
    min_amount: 5_000,
    max_amount: 300_000,
    priority: 40,
  },
  {
    partner: 'sandbox-instalments',
    method: '4x',
    currencies: ['EUR'],
    min_amount: 5_000,
    max_amount: 300_000,
    priority: 41,
  },
];

export async function contractsOf(sql: Sql, entityId: string): Promise<PartnerContract[]> {
  return sql<PartnerContract[]>`
    select partner, method, currencies, min_amount, max_amount, priority
    from partner_contracts
    where entity_id = ${entityId} and enabled
    order by priority, partner, method`;
}
