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

export function eligibleSolutions(contracts: readonly ContractTerms[], amount: number, currency: string): Solution[] {
  return contracts
    .filter((c) => c.currencies.includes(currency) && amount >= c.min_amount && amount <= c.max_amount)
    .sort((a, b) => a.priority - b.priority)
    .map(({ partner, method }) => ({ partner, method }));
}
