// sandbox-instalments (methods 3x, 4x): the shopper applies on the lender's page (PENDING with a
// redirection); the lender decides asynchronously and notifies. The decision depends on the
// customer's email and the amount (partners/README.md), so send `customer`.
import type { AuthorizeRequest } from '../partner';
import { SandboxPartnerAdapter, type SandboxAdapterConfig } from '../sandbox-common/adapter';
import type { WireAuthorizeBody } from '../sandbox-network/schemas';

export class SandboxInstalmentsAdapter extends SandboxPartnerAdapter {
  constructor(config: SandboxAdapterConfig = {}) {
    super('sandbox-instalments', config);
  }

  protected instrumentFields(request: AuthorizeRequest): Partial<WireAuthorizeBody> {
    if (request.instrument.type !== 'instalments') throw this.wrongInstrument(request, 'instalments');
    return {};
  }
}
