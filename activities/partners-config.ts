import { createPartnerRegistry, type PartnerRegistry } from '../partners';
import type { TesseraConfig } from '../platform/config';

export function partnersFor(
  config: Pick<TesseraConfig, 'sandboxPartnersUrl' | 'sandboxNotificationSecret' | 'stripeApiUrl'>,
): PartnerRegistry {
  return createPartnerRegistry({
    sandbox: { baseUrl: config.sandboxPartnersUrl, notificationSecret: config.sandboxNotificationSecret },
    stripe: { apiUrl: config.stripeApiUrl },
  });
}
