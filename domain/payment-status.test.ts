import { describe, expect, it } from 'vitest';
import { authorizationStatus, operationStatus } from './payment-status';

const legs = (...statuses: Parameters<typeof authorizationStatus>[0]['legs'][number]['status'][]) => ({
  legs: statuses.map((status) => ({ status })),
});

describe('authorizationStatus', () => {
  it('is AUTHORIZED only when every leg holds its part', () => {
    expect(authorizationStatus(legs('AUTHORIZED', 'AUTHORIZED'))).toBe('AUTHORIZED');
    expect(authorizationStatus(legs('AUTHORIZED', 'NEW'))).toBe('PENDING');
  });

  it('lets a failed leg decide, an error before a refusal in leg order', () => {
    expect(authorizationStatus(legs('AUTHORIZED', 'REFUSED'))).toBe('REFUSED');
    expect(authorizationStatus(legs('ERROR', 'REFUSED'))).toBe('ERROR');
    expect(authorizationStatus(legs('REFUSED', 'ERROR'))).toBe('REFUSED');
  });

  it('refuses a payment refused as a whole although each leg answered', () => {
    expect(authorizationStatus({ ...legs('AUTHORIZED'), refusal: 'partial gift card' })).toBe('REFUSED');
  });

  it('is UNCERTAIN before PENDING while legs wait, and ABORTED when nothing was authorized', () => {
    expect(authorizationStatus(legs('PENDING', 'UNCERTAIN'))).toBe('UNCERTAIN');
    expect(authorizationStatus(legs('AUTHORIZED', 'PENDING'))).toBe('PENDING');
    expect(authorizationStatus(legs('ABORTED'))).toBe('ABORTED');
    expect(authorizationStatus(legs())).toBe('ABORTED');
  });
});

describe('operationStatus', () => {
  const tx = (...statuses: Parameters<typeof operationStatus>[0][number]['status'][]) =>
    statuses.map((status) => ({ status }));
  it('waits while a leg is in flight, uncertain first', () => {
    expect(operationStatus(tx('SUCCESS', 'PENDING'))).toBe('PENDING');
    expect(operationStatus(tx('PENDING', 'UNCERTAIN'))).toBe('UNCERTAIN');
  });
  it('is SUCCESS or FAILURE when all agree, CONFLICT otherwise', () => {
    expect(operationStatus(tx('SUCCESS', 'SUCCESS'))).toBe('SUCCESS');
    expect(operationStatus(tx('FAILURE'))).toBe('FAILURE');
    expect(operationStatus(tx('SUCCESS', 'FAILURE'))).toBe('CONFLICT');
  });
});
