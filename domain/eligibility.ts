// Which partner/method pairs a shopper may choose for an order, from the entity's contracts.
export interface Solution {
  partner: string;
  method: string;
}

export interface ContractTerms extends Solution {
  currencies: readonly string[];
  min_amount: number;
  max_amount: number;
  priority: number;
}

/** Why a contract does not take this amount in this currency; undefined when it does. */
export function contractRefusal(
  contract: ContractTerms,
  amount: number,
  currency: string,
): 'currency' | 'amount' | undefined {
  if (!contract.currencies.includes(currency)) return 'currency';
  if (amount < contract.min_amount || amount > contract.max_amount) return 'amount';
  return undefined;
}

export function eligibleSolutions(contracts: readonly ContractTerms[], amount: number, currency: string): Solution[] {
  return contracts
    .filter((c) => contractRefusal(c, amount, currency) === undefined)
    .sort((a, b) => a.priority - b.priority)
    .map(({ partner, method }) => ({ partner, method }));
}
