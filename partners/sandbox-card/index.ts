// sandbox-card (method creditcard; VISA, MASTERCARD, CARTE_BANCAIRE, AMERICAN_EXPRESS).
// Receives the detokenized card in memory and forwards it once, over the authorize call; the
// answer carries bin / last four digits only. Test card numbers: partners/README.md.
import type { AuthorizeRequest } from '../partner';
import { SandboxPartnerAdapter, type SandboxAdapterConfig } from '../sandbox-common/adapter';
import type { WireAuthorizeBody } from '../sandbox-network/schemas';

export class SandboxCardAdapter extends SandboxPartnerAdapter {
  constructor(config: SandboxAdapterConfig = {}) {
    super('sandbox-card', config);
  }

  protected instrumentFields(request: AuthorizeRequest): Partial<WireAuthorizeBody> {
    const card = request.instrument;
    if (card.type === 'partner_token') return { card_token: card.partner_token };
    if (card.type !== 'card') throw this.wrongInstrument(request, 'card');
    return {
      ...(request.save_for_future_usage ? { save_card: true } : {}),
      card: {
        number: card.number,
        expiry_month: card.expiry_month,
        expiry_year: card.expiry_year,
        ...(card.cvv !== undefined ? { cvv: card.cvv } : {}),
        ...(card.holder_name !== undefined ? { holder_name: card.holder_name } : {}),
        ...(card.selected_network !== undefined ? { selected_network: card.selected_network } : {}),
      },
    };
  }
}
