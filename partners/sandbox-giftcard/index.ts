// sandbox-giftcard (method giftcard): stored value. Authorizes what the balance covers
// (authorized_amount may be below the requested amount) and holds it until capture or void.
import { PartnerRequestError, type AuthorizeRequest, type BalanceRequest, type BalanceResult } from '../partner';
import { SandboxPartnerAdapter, type SandboxAdapterConfig } from '../sandbox-common/adapter';
import type { WireAuthorizeBody, WireBalance, WireBalanceBody } from '../sandbox-network/schemas';

export class SandboxGiftCardAdapter extends SandboxPartnerAdapter {
  constructor(config: SandboxAdapterConfig = {}) {
    super('sandbox-giftcard', config);
  }

  protected instrumentFields(request: AuthorizeRequest): Partial<WireAuthorizeBody> {
    const giftcard = request.instrument;
    if (giftcard.type !== 'giftcard') throw this.wrongInstrument(request, 'giftcard');
    return { giftcard: { number: giftcard.number, ...(giftcard.pin !== undefined ? { pin: giftcard.pin } : {}) } };
  }

  /** Balance check (a read: no idempotency key). Unknown card: PartnerRequestError `unknown_card`. */
  async balance(request: BalanceRequest): Promise<BalanceResult> {
    if (!request.number)
      throw new PartnerRequestError(this.name, 'balance', 'invalid_request', null, 'number is required');
    const wire = await this.http.send<WireBalance>('balance', {
      method: 'POST',
      path: '/v1/sandbox-giftcard/balance',
      body: {
        number: request.number,
        ...(request.pin !== undefined ? { pin: request.pin } : {}),
      } satisfies WireBalanceBody,
    });
    return { balance: wire.balance, held: wire.held, active: wire.active };
  }
}
