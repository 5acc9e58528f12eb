import type { FastifyInstance } from 'fastify';
import { registerWalletSessionRoutes, type WalletDeps } from './sessions';
import { registerWalletTokenRoutes } from './tokens';

export type { WalletDeps };

/** The wallet API: /wallet/v2/… and the legacy POST /wallet/session. */
export function registerWalletRoutes(app: FastifyInstance, deps: WalletDeps): void {
  registerWalletSessionRoutes(app, deps);
  registerWalletTokenRoutes(app, deps);
}
