// What each partner declares about itself, beside its adapter (partners/<name>/profile.ts): its
// methods and currencies, what it can do, the data that drives it in tests, and what an entity
// configures to use it. Pure data. The docs' partner pages are generated from these declarations
// (web/build/partner-pages.ts), and the tests beside each adapter hold it to what it declares, so
// the documentation cannot claim a partner, a method or a capability the code lacks.
import type { CardNetwork, Currency, PartnerName } from './catalog';

export interface PartnerCapabilities {
  /** A capture of less than what is authorized. */
  partialCapture: boolean;
  /** Several captures on one authorization; false: the first capture releases what it leaves. */
  multipleCaptures: boolean;
  /** A void of part of what is held; false: a void releases the whole hold. */
  partialVoid: boolean;
  /** Several partial refunds, up to what was captured. */
  multipleRefunds: boolean;
  /** Authorizes less than asked when that is all there is (stored value). */
  partialAuthorization: boolean;
  /** 3-D Secure, with a challenge the shopper passes on the partner's page (Tessera's redirection). */
  threeDSecure: boolean;
  /** With allow_future_usage, a reusable partner token a later payment or the wallet pays with. */
  futureUsageTokens: boolean;
  /** Signed notifications of outcomes reached asynchronously, checked before a payment hears of them. */
  notifications: boolean;
  /** The state of an authorization can be read again: how UNCERTAIN and PENDING legs settle without notifications. */
  statusPolling: boolean;
}

export interface MethodProfile {
  /** As in payment entries (`method`). */
  method: string;
  /** The method page's address under the partner's: /docs/partners/<partner>/<slug>/. */
  slug: string;
  title: string;
  summary: string;
  /** What the payment entry names the means of payment with. */
  instrument: string;
  networks?: readonly CardNetwork[];
}

export interface TestDataTable {
  title: string;
  intro?: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/** One credential an entity gives to use the partner on its own account. */
export interface ConfigurationField {
  name: string;
  /** Where the configuration commands read it from (never the command line, where `ps` shows it). */
  env: string;
  description: string;
  /** Encrypted at rest, never shown again, never logged. */
  secret: boolean;
  required: boolean;
  /** What a value must look like; refused at configuration otherwise. */
  pattern?: RegExp;
  /** Allowed values, for a choice. */
  values?: readonly string[];
}

export interface PartnerProfile {
  name: PartnerName;
  displayName: string;
  /** "Card acquirer", "Gift card processor"... */
  kind: string;
  /** sandbox: part of Tessera's sandbox partner network; live: a real partner, on the entity's own account. */
  network: 'sandbox' | 'live';
  /** Markdown, one paragraph. */
  summary: string;
  currencies: readonly Currency[];
  methods: readonly MethodProfile[];
  capabilities: PartnerCapabilities;
  /** How notifications reach Tessera, when the partner sends them. */
  notifications?: { endpoint: string; verification: string; events?: readonly string[] };
  /** The entity's credentials, for a partner on the entity's own account (catalog.ts `account: true`). */
  configuration: readonly ConfigurationField[];
  /** The contract a configuration command grants when not told otherwise (minor units). */
  defaultContract: { min_amount: number; max_amount: number; priority: number };
  testData: readonly TestDataTable[];
  /** Tables of how the adapter reads the partner (its refusal codes...), shown on the method pages. */
  reference?: readonly TestDataTable[];
}

export const CAPABILITY_LABELS: Readonly<Record<keyof PartnerCapabilities, string>> = {
  partialCapture: 'Partial capture',
  multipleCaptures: 'Several captures',
  partialVoid: 'Partial void',
  multipleRefunds: 'Several partial refunds',
  partialAuthorization: 'Partial authorization',
  threeDSecure: '3-D Secure',
  futureUsageTokens: 'Tokens for future usage',
  notifications: 'Notifications',
  statusPolling: 'Status polling',
};

/** Checks credentials against a profile's configuration fields: the errors, empty when they fit. */
export function credentialErrors(
  profile: PartnerProfile,
  credentials: Readonly<Record<string, string | undefined>>,
): string[] {
  const errors: string[] = [];
  for (const field of profile.configuration) {
    const value = credentials[field.name];
    if (value === undefined || value === '') {
      if (field.required) errors.push(`${field.name} is required (${field.env})`);
      continue;
    }
    if (field.pattern && !field.pattern.test(value)) errors.push(`${field.name} does not look like one (${field.env})`);
    if (field.values && !field.values.includes(value)) {
      errors.push(`${field.name} must be one of ${field.values.join(', ')} (${field.env})`);
    }
  }
  const known = new Set(profile.configuration.map((field) => field.name));
  for (const name of Object.keys(credentials))
    if (!known.has(name)) errors.push(`${name} is not a setting of ${profile.name}`);
  return errors;
}

/** What an operator may see of each credential: a secret's prefix (`sk_test_`) and last four characters only. */
export function credentialHints(
  profile: PartnerProfile,
  credentials: Readonly<Record<string, string>>,
): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const [name, value] of Object.entries(credentials)) {
    const secret = profile.configuration.find((field) => field.name === name)?.secret ?? true;
    if (!secret) {
      hints[name] = value;
      continue;
    }
    const prefix = /^[a-z]+_(test_|live_)?/.exec(value)?.[0] ?? '';
    hints[name] = value.length < prefix.length + 12 ? `${prefix}…` : `${prefix}…${value.slice(-4)}`;
  }
  return hints;
}
