// partnerFor(name, account?): the adapter for a partner name. Adding a partner = one folder with
// its adapter and profile + one line in FACTORIES + one entry in catalog.ts (see CONNECTORS.md).
import { PARTNER_CATALOG, PERMANENT_FAILURE, isPartnerName, needsAccount, type PartnerName } from './catalog';
import type { PartnerAccount, PartnerAdapter } from './partner';
import type { SandboxAdapterConfig } from './sandbox-common/adapter';
import { SandboxCardAdapter } from './sandbox-card';
import { SandboxGiftCardAdapter } from './sandbox-giftcard';
import { SandboxInstalmentsAdapter } from './sandbox-instalments';
import { SandboxWalletAdapter } from './sandbox-wallet';
import { StripeAdapter, type StripeConfig } from './stripe';

/** The deployment's side of each partner's configuration; an entity's own side is its PartnerAccount. */
export interface PartnersConfig {
  /** The sandbox partner network (baseUrl from config.sandboxPartnersUrl, notification secret...). */
  sandbox?: SandboxAdapterConfig;
  /** Where Stripe's API is (config.stripeApiUrl: stripe-mock in tests), timeouts. */
  stripe?: StripeConfig;
}

/** `account`: the entity's, for the partners that need one (catalog.ts `account: true`). */
const FACTORIES: Record<PartnerName, (config: PartnersConfig, account?: PartnerAccount) => PartnerAdapter> = {
  'sandbox-card': (c) => new SandboxCardAdapter(c.sandbox),
  'sandbox-giftcard': (c) => new SandboxGiftCardAdapter(c.sandbox),
  'sandbox-wallet': (c) => new SandboxWalletAdapter(c.sandbox),
  'sandbox-instalments': (c) => new SandboxInstalmentsAdapter(c.sandbox),
  stripe: (c, account) => new StripeAdapter(accountOf('stripe', account), c.stripe),
};

function accountOf(partner: PartnerName, account: PartnerAccount | undefined): PartnerAccount {
  if (!account) throw new PartnerAccountMissingError(partner);
  return account;
}

/** A partner that works on each entity's own account was asked for without one: the entity has not configured it. */
export class PartnerAccountMissingError extends Error {
  override readonly name = 'PartnerAccountMissingError';
  constructor(readonly partner: string) {
    super(`${partner} is not configured for this entity (no partner account)`);
  }
}

export class UnknownPartnerError extends Error {
  override readonly name = PERMANENT_FAILURE.unknownPartner;
  constructor(readonly partner: string) {
    super(`unknown partner ${partner}`);
  }
}

export interface PartnerRegistry {
  /**
   * Throws UnknownPartnerError for a name not in the catalog, PartnerAccountMissingError for a
   * partner that needs the entity's account when none is given. An account given to a partner
   * that needs none is ignored.
   */
  partnerFor(name: string, account?: PartnerAccount): PartnerAdapter;
  list(): { name: PartnerName; methods: readonly string[] }[];
}

/**
 * One adapter instance per sandbox partner, built once (adapters are stateless apart from config);
 * one per call for a partner on an entity's account, whose credentials live no longer than the call.
 */
export function createPartnerRegistry(config: PartnersConfig = {}): PartnerRegistry {
  const adapters = new Map<PartnerName, PartnerAdapter>();
  return {
    partnerFor(name, account) {
      if (!isPartnerName(name)) throw new UnknownPartnerError(name);
      if (needsAccount(name)) return FACTORIES[name](config, account);
      let adapter = adapters.get(name);
      if (!adapter) {
        adapter = FACTORIES[name](config);
        adapters.set(name, adapter);
      }
      return adapter;
    },
    list: () => PARTNER_CATALOG.map((p) => ({ name: p.name, methods: p.methods })),
  };
}

export function partnerFor(name: string, config: PartnersConfig = {}, account?: PartnerAccount): PartnerAdapter {
  return createPartnerRegistry(config).partnerFor(name, account);
}
