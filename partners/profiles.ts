// Every registered partner's declaration (partners/profile.ts), by name: the record type makes a
// partner added to the catalog without its profile a compile error.
import type { PartnerName } from './catalog';
import type { PartnerProfile } from './profile';
import { sandboxCardProfile } from './sandbox-card/profile';
import { sandboxGiftCardProfile } from './sandbox-giftcard/profile';
import { sandboxInstalmentsProfile } from './sandbox-instalments/profile';
import { sandboxWalletProfile } from './sandbox-wallet/profile';
import { stripeProfile } from './stripe/profile';

export const PARTNER_PROFILES: Readonly<Record<PartnerName, PartnerProfile>> = {
  'sandbox-card': sandboxCardProfile,
  'sandbox-giftcard': sandboxGiftCardProfile,
  'sandbox-wallet': sandboxWalletProfile,
  'sandbox-instalments': sandboxInstalmentsProfile,
  stripe: stripeProfile,
};

export function profileOf(partner: PartnerName): PartnerProfile {
  return PARTNER_PROFILES[partner];
}
