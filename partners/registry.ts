// partnerFor(name): the adapter for a partner name. Adding a partner = one folder with its
// adapter + one line in FACTORIES + one entry in catalog.ts (see README.md).
import { PARTNER_CATALOG, PERMANENT_FAILURE, isPartnerName, type PartnerName } from './catalog';
import type { PartnerAdapter } from './partner';
import type { SandboxAdapterConfig } from './sandbox-common/adapter';
import { SandboxCardAdapter } from './sandbox-card';
import { SandboxGiftCardAdapter } from './sandbox-giftcard';
import { SandboxInstalmentsAdapter } from './sandbox-instalments';
import { SandboxWalletAdapter } from './sandbox-wallet';

export interface PartnersConfig {
  /** The sandbox partner network (baseUrl from config.sandboxPartnersUrl, notification secret...). */
  sandbox?: SandboxAdapterConfig;
}

const FACTORIES: Record<PartnerName, (config: PartnersConfig) => PartnerAdapter> = {
  'sandbox-card': (c) => new SandboxCardAdapter(c.sandbox),
  'sandbox-giftcard': (c) => new SandboxGiftCardAdapter(c.sandbox),
  'sandbox-wallet': (c) => new SandboxWalletAdapter(c.sandbox),
  'sandbox-instalments': (c) => new SandboxInstalmentsAdapter(c.sandbox),
};

export class UnknownPartnerError extends Error {
  override readonly name = PERMANENT_FAILURE.unknownPartner;
  constructor(readonly partner: string) {
    super(`unknown partner ${partner}`);
  }
}

export interface PartnerRegistry {
  /** Throws UnknownPartnerError for a name not in the catalog. */
  partnerFor(name: string): PartnerAdapter;
  list(): { name: PartnerName; methods: readonly string[] }[];
}

/** One adapter instance per partner, built once (adapters are stateless apart from config). */
export function createPartnerRegistry(config: PartnersConfig = {}): PartnerRegistry {
  const adapters = new Map<PartnerName, PartnerAdapter>();
  return {
    partnerFor(name) {
      if (!isPartnerName(name)) throw new UnknownPartnerError(name);
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

export function partnerFor(name: string, config: PartnersConfig = {}): PartnerAdapter {
  return createPartnerRegistry(config).partnerFor(name);
}
