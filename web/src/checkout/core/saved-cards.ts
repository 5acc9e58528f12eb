// The customer's saved cards as the checkout offers them (GET …/saved-methods): the favorite first,
// each paid with in one step by its wallet token. No card number, no security code: the partner
// authorizes its own reusable token alone (partners/sandbox/engine.ts, authorizeCard), and a
// submission carries the wallet token only (api/gateway/payment-legs.ts).
import type { CheckoutApi } from './api';
import { NETWORK_LABELS, type DetectedBrand } from './card-input';
import type { PaymentOption } from './solutions';
import type { ClientSessionView, SavedMethodView } from './types';

export interface SavedCard {
  /** Radio id: "saved/<wallet token id>", apart from the methods' "partner/method". */
  id: string;
  walletToken: string;
  partner: string;
  method: string;
  /** Known networks get their badge; anything else is shown as the wallet names it. */
  brand: DetectedBrand | undefined;
  brandLabel: string;
  /** The last four digits, when the wallet's display token ends with them. */
  lastFour: string | undefined;
  /** As printed on the card: "MM/YY". */
  expiry: string;
  favorite: boolean;
  /** The card in words: "Visa ending in 4242". */
  title: string;
  /** What a screen reader says for it: "Visa ending in 4242, expires 12/34". */
  name: string;
}

const isNetwork = (value: string): value is DetectedBrand => Object.hasOwn(NETWORK_LABELS, value);

/** "MM/YY" of the last valid instant (the wallet keeps a card until the end of its expiry month, UTC). */
export function expiryOf(expirationDate: string): string {
  const date = new Date(expirationDate);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
}

function savedCardOf(saved: SavedMethodView): SavedCard {
  const brandName = saved.brand_name.toUpperCase();
  const brand = isNetwork(brandName) ? brandName : undefined;
  const brandLabel = brand ? NETWORK_LABELS[brand] : saved.brand_name;
  const lastFour = /(\d{4})\s*$/.exec(saved.display_token)?.[1];
  const expiry = expiryOf(saved.expiration_date);
  const title = `${brandLabel} ${lastFour ? `ending in ${lastFour}` : saved.display_token}`;
  return {
    id: `saved/${saved.id}`,
    walletToken: saved.id,
    partner: saved.partner,
    method: saved.method,
    brand,
    brandLabel,
    lastFour,
    expiry,
    favorite: saved.favorite,
    title,
    name: expiry ? `${title}, expires ${expiry}` : title,
  };
}

/**
 * The saved cards to offer: those this session can be paid with (its card partner and method: the
 * API refuses a submission by any other), not expired, the favorite first and otherwise in the
 * wallet's order (newest first).
 */
export function savedCardsOf(
  saved: readonly SavedMethodView[],
  options: readonly PaymentOption[],
  now: Date,
): SavedCard[] {
  const payable = new Set(options.filter((option) => option.kind === 'card').map((option) => option.id));
  return saved
    .filter((method) => payable.has(`${method.partner}/${method.method}`))
    .filter((method) => Date.parse(method.expiration_date) > now.getTime())
    .map(savedCardOf)
    .sort((a, b) => Number(b.favorite) - Number(a.favorite));
}

/**
 * The saved cards of the session's customer, or none. A shopper can always type a card, so a
 * look-up that fails only hides them; a session without customer.reference has none to ask for.
 */
export async function loadSavedCards(
  api: Pick<CheckoutApi, 'savedMethods'>,
  session: Pick<ClientSessionView, 'id' | 'customer'>,
  options: readonly PaymentOption[],
  now: Date,
): Promise<SavedCard[]> {
  if (!session.customer?.reference || !options.some((option) => option.kind === 'card')) return [];
  try {
    return savedCardsOf(await api.savedMethods(session.id), options, now);
  } catch {
    return [];
  }
}
