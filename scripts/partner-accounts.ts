// What `merchant:create --partner <name>` and `partner:configure` share: an entity's account at a
// partner that works per merchant (Stripe), read from the environment and checked against the
// partner's profile before anything is written. Secrets come from environment variables only
// (STRIPE_SECRET_KEY...), never from the command line, where `ps` and shell histories keep them.
import type { PartnerAccountConfiguration } from '../db/partner-accounts';
import { CURRENCIES, PARTNER_CATALOG, isPartnerName, needsAccount, type Currency } from '../partners/catalog';
import { credentialErrors, credentialHints } from '../partners/profile';
import { PARTNER_PROFILES } from '../partners/profiles';

export interface PartnerSetupOptions {
  partner: string;
  /** Default: every method of the partner. */
  methods?: readonly string[];
  /** Default: every currency the partner takes. */
  currencies?: readonly string[];
  minAmount?: number;
  maxAmount?: number;
  priority?: number;
  /** Keep the entity's sandbox contracts for the same methods (by default they are disabled). */
  keepSandbox?: boolean;
}

export type PartnerSetup = Omit<PartnerAccountConfiguration, 'entityId'>;

/** The configuration to write, or every reason it cannot be (never quoting a secret). */
export function partnerSetupFrom(
  options: PartnerSetupOptions,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; setup: PartnerSetup } | { ok: false; errors: string[] } {
  const { partner } = options;
  if (!isPartnerName(partner)) return { ok: false, errors: [`${partner} is not a partner Tessera knows`] };
  if (!needsAccount(partner)) {
    return {
      ok: false,
      errors: [`${partner} needs no account of the entity's: merchant:create grants the sandbox partners`],
    };
  }
  const profile = PARTNER_PROFILES[partner];
  const errors: string[] = [];
  const methods = options.methods ?? profile.methods.map((method) => method.method);
  for (const method of methods) {
    if (!profile.methods.some((candidate) => candidate.method === method))
      errors.push(`${partner} does not offer ${method}`);
  }
  const currencies = options.currencies ?? profile.currencies;
  for (const currency of currencies) {
    if (!(CURRENCIES as readonly string[]).includes(currency) || !profile.currencies.includes(currency as Currency)) {
      errors.push(`${partner} does not take ${currency}`);
    }
  }
  const min = options.minAmount ?? profile.defaultContract.min_amount;
  const max = options.maxAmount ?? profile.defaultContract.max_amount;
  const priority = options.priority ?? profile.defaultContract.priority;
  if (!Number.isSafeInteger(min) || min < 1)
    errors.push('the minimum amount must be a whole number of minor units, at least 1');
  if (!Number.isSafeInteger(max) || max < min)
    errors.push('the maximum amount must be a whole number, at least the minimum');
  if (!Number.isSafeInteger(priority)) errors.push('the priority must be a whole number');

  const credentials: Record<string, string> = {};
  for (const field of profile.configuration) {
    const value = env[field.env]?.trim();
    if (value) credentials[field.name] = value;
  }
  errors.push(...credentialErrors(profile, credentials));
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    setup: {
      partner,
      credentials,
      hints: credentialHints(profile, credentials),
      contracts: methods.map((method, index) => ({
        method,
        currencies: [...currencies],
        min_amount: min,
        max_amount: max,
        priority: priority + index,
      })),
      // A shop taking real card payments should not also offer the sandbox's card acquirer at its
      // checkout (two "Card" choices, one of them a test network).
      disables: options.keepSandbox
        ? []
        : PARTNER_CATALOG.filter((other) => !other.account).flatMap((other) =>
            methods
              .filter((method) => (other.methods as readonly string[]).includes(method))
              .map((method) => ({ partner: other.name, method })),
          ),
    },
  };
}

/** What the merchant sets up at the partner's side: where to send notifications, and which. */
export function partnerEndpoint(publicUrl: string, partner: string, entityId: string) {
  const profile = isPartnerName(partner) ? PARTNER_PROFILES[partner] : undefined;
  return {
    notification_url: `${publicUrl}/partners/${partner}/notifications/${entityId}`,
    events: [...(profile?.notifications?.events ?? [])],
  };
}
