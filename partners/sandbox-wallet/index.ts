// sandbox-wallet (method wallet): the shopper approves on the wallet's page (PENDING with a
// redirection); the outcome arrives by notification and by status. An approval returns a
// partner_token; authorizing again with it approves at once, without redirection.
import type { AuthorizeRequest } from '../partner';
import { SandboxPartnerAdapter, type SandboxAdapterConfig } from '../sandbox-common/adapter';
import type { WireAuthorizeBody } from '../sandbox-network/schemas';

export class SandboxWalletAdapter extends SandboxPartnerAdapter {
  constructor(config: SandboxAdapterConfig = {}) {
    super('sandbox-wallet', config);
  }

  protected instrumentFields(request: AuthorizeRequest): Partial<WireAuthorizeBody> {
    const wallet = request.instrument;
    if (wallet.type === 'partner_token') return { wallet_token: wallet.partner_token };
    if (wallet.type !== 'wallet') throw this.wrongInstrument(request, 'wallet');
    return wallet.partner_token === undefined ? {} : { wallet_token: wallet.partner_token };
  }
}
