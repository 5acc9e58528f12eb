import { describe, expect, it } from 'vitest';
import { eligibleSolutions, type ContractTerms } from './eligibility';

const contracts: ContractTerms[] = [
  {
    partner: 'sandbox-instalments',
    method: '3x',
    currencies: ['EUR'],
    min_amount: 5000,
    max_amount: 300000,
    priority: 40,
  },
  {
    partner: 'sandbox-card',
    method: 'creditcard',
    currencies: ['EUR', 'USD'],
    min_amount: 1,
    max_amount: 1000000,
    priority: 10,
  },
];

describe('eligibleSolutions', () => {
  it('keeps contracts whose currency and amount range fit, in priority order', () => {
    expect(eligibleSolutions(contracts, 10000, 'EUR')).toEqual([
      { partner: 'sandbox-card', method: 'creditcard' },
      { partner: 'sandbox-instalments', method: '3x' },
    ]);
  });

  it('drops a contract below its minimum, above its maximum or in another currency', () => {
    expect(eligibleSolutions(contracts, 4999, 'EUR')).toEqual([{ partner: 'sandbox-card', method: 'creditcard' }]);
    expect(eligibleSolutions(contracts, 300001, 'EUR')).toEqual([{ partner: 'sandbox-card', method: 'creditcard' }]);
    expect(eligibleSolutions(contracts, 10000, 'USD')).toEqual([{ partner: 'sandbox-card', method: 'creditcard' }]);
    expect(eligibleSolutions(contracts, 10000, 'GBP')).toEqual([]);
  });

  it('includes both bounds', () => {
    expect(eligibleSolutions(contracts, 5000, 'EUR')).toHaveLength(2);
    expect(eligibleSolutions(contracts, 300000, 'EUR')).toHaveLength(2);
  });
});
