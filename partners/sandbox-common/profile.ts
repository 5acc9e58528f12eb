// What the four sandbox partners declare alike: they are one network, with one set of operations
// and one way of signing notifications (partners/sandbox-network).
import type { PartnerCapabilities, PartnerProfile } from '../profile';
import type { SandboxPartnerName } from '../catalog';

/** The network's operations: captures, voids and refunds in several parts; status reads. */
export const SANDBOX_OPERATIONS = {
  partialCapture: true,
  multipleCaptures: true,
  partialVoid: true,
  multipleRefunds: true,
  statusPolling: true,
} as const satisfies Partial<PartnerCapabilities>;

export function sandboxNotifications(partner: SandboxPartnerName): NonNullable<PartnerProfile['notifications']> {
  return {
    endpoint: `/partners/${partner}/notifications`,
    verification:
      '`x-sandbox-signature`: HMAC-SHA256 of `<timestamp>.<body>` with the network’s notification secret, at most 300 seconds old',
  };
}
