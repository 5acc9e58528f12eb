// What a payment saves into its customer's wallet when the shopper agreed to future usage: the
// partner's reusable token with how to show it. Pure, so the workflow decides with it and the
// activity stores what it says.

export interface SavableAuthorization {
  partner: string;
  method: string;
  status: string;
  partner_token?: string;
  card?: {
    last_four_digits?: string;
    holder_name?: string;
    expiry_month?: string;
    expiry_year?: string;
    fingerprint?: string;
    selected_network?: string;
  };
}

export interface WalletEntry {
  value: string;
  /** ISO 8601: the last instant the token may pay. */
  expiration_date: string;
  brand_name: string;
  display_token: string;
  holder_name?: string;
  partner: string;
  method: string;
  /** The same means of payment saved twice is one token: a card's fingerprint, else the token itself. */
  uniqueness_token: string;
}

/** A token without an expiry of its own (a wallet agreement) is kept this long. */
export const SAVED_TOKEN_DEFAULT_LIFETIME_DAYS = 2 * 365;

/** The wallet entry of an authorization, or undefined when there is nothing to save. */
export function walletEntryOf(authorization: SavableAuthorization, nowMs: number): WalletEntry | undefined {
  if (authorization.status !== 'AUTHORIZED' || !authorization.partner_token) return undefined;
  const card = authorization.card;
  const expiry =
    card?.expiry_month && card.expiry_year ? endOfExpiryMonth(card.expiry_month, card.expiry_year) : undefined;
  return {
    value: authorization.partner_token,
    expiration_date: expiry ?? new Date(nowMs + SAVED_TOKEN_DEFAULT_LIFETIME_DAYS * 24 * 3600 * 1000).toISOString(),
    brand_name: card?.selected_network ?? authorization.partner.toUpperCase(),
    display_token: card?.last_four_digits ? `**** ${card.last_four_digits}` : authorization.method,
    ...(card?.holder_name ? { holder_name: card.holder_name } : {}),
    partner: authorization.partner,
    method: authorization.method,
    uniqueness_token: card?.fingerprint ?? authorization.partner_token,
  };
}

/** Cards expire after the last day of their expiry month (two-digit month and year). */
function endOfExpiryMonth(month: string, year: string): string | undefined {
  const m = Number(month);
  const y = 2000 + Number(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return undefined;
  return new Date(Date.UTC(y, m, 1) - 1).toISOString();
}
