// Every registered partner's declaration (partners/profile.ts), by name: the record type makes a
// partner added to the catalog without its profile a compile error. The docs build loads these
// files from web/vite.config.ts, whose loader wants the extensions written out.
import type { PartnerName } from './catalog';
import type { PartnerProfile } from './profile';
import { sandboxCardProfile } from './sandbox-card/profile.js';
import { sandboxGiftCardProfile } from './sandbox-giftcard/profile.js';
import { sandboxInstalmentsProfile } from './sandbox-instalments/profile.js';
import { sandboxWalletProfile } from './sandbox-wallet/profile.js';
import { stripeProfile } from './stripe/profile.js';

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
