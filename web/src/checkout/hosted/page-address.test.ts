import { describe, expect, it } from 'vitest';
import { hostedPageAddress } from './page-address';

describe('hostedPageAddress', () => {
  it('reads the entity and session ids of the hosted page’s address', () => {
    expect(hostedPageAddress('/entities/e-1/sessions/s-1')).toEqual({ entityId: 'e-1', sessionId: 's-1' });
    expect(hostedPageAddress('/entities/e-1/sessions/s-1/')).toEqual({ entityId: 'e-1', sessionId: 's-1' });
    expect(hostedPageAddress('/entities/e-1/sessions')).toBeNull();
    expect(hostedPageAddress('/entities/e-1/sessions/s-1/extra')).toBeNull();
    expect(hostedPageAddress('/entities/%E0%A4%A/sessions/s')).toBeNull();
  });
});
