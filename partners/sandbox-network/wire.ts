// JSON shapes of the sandbox partner network's HTTP API, shared by the server and the adapters.
// Kept close to the normalised types on purpose (it is our own sandbox), but they are a wire
// format: adapters translate them, so the orchestrator never depends on the sandbox's fields.
import type { CardNetwork, Currency, PartnerName, ReasonCode } from '../catalog';
import type {
  AuthenticationOutcome,
  AuthorizationAmounts,
  PartnerAuthorizationStatus,
  PartnerOperationStatus,
  Redirection,
} from '../partner';

export interface WireCard {
  number: string;
  expiry_month: string;
  expiry_year: string;
  cvv?: string;
  holder_name?: string;
  selected_network?: CardNetwork;
}

export interface WireAuthorizeBody {
  method: string;
  amount: number;
  currency: Currency;
  card?: WireCard;
  /** Pay with a card saved by an earlier authorization (its token), instead of `card`. */
  card_token?: string;
  /** Keep the card for later payments: an approved authorization answers a reusable `token`. */
  save_card?: boolean;
  giftcard?: { number: string; pin?: string };
  wallet_token?: string;
  customer?: { reference?: string; email?: string; first_name?: string; last_name?: string };
  order_reference?: string;
  return_url?: string;
  notification_url?: string;
  three_ds?: { challenge_indicator?: string; challenge_exemption?: string };
}

export interface WireOperationBody {
  amount: number;
  currency: Currency;
}

export interface WireAuthorization {
  object: 'authorization';
  reference: string;
  partner: PartnerName;
  method: string;
  status: PartnerAuthorizationStatus;
  amount: number;
  authorized_amount: number;
  currency: Currency;
  partner_status: string;
  partner_status_description: string;
  reason: ReasonCode | null;
  token: string | null;
  card: {
    bin: string;
    last_four_digits: string;
    network: CardNetwork | null;
    expiry_month: string;
    expiry_year: string;
    holder_name: string | null;
  } | null;
  authentication: AuthenticationOutcome | null;
  redirection: Redirection | null;
  additional_data: Record<string, string>;
  amounts: AuthorizationAmounts;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

export interface WireOperation {
  object: 'capture' | 'void' | 'refund';
  reference: string;
  authorization_reference: string;
  partner: PartnerName;
  status: PartnerOperationStatus;
  amount: number;
  processed_amount: number;
  currency: Currency;
  partner_status: string;
  partner_status_description: string;
  reason: ReasonCode | null;
  authorization_amounts: AuthorizationAmounts;
  idempotency_key: string;
  created_at: string;
}

export interface WireBalance {
  object: 'giftcard_balance';
  last_four_digits: string;
  balance: number;
  held: number;
  active: boolean;
}

/** Body of a notification POSTed to an authorization's notification_url. */
export interface WireNotification {
  id: string;
  type: 'authorization.updated';
  created_at: string;
  authorization: WireAuthorization;
}

export type LedgerEntryType = 'AUTHORIZE' | 'AUTHORIZATION_UPDATE' | 'CAPTURE' | 'VOID' | 'REFUND';

/** One line of the sandbox ledger: every effect, with its key. Never a PAN (bin/last4 only). */
export interface LedgerEntry {
  seq: number;
  at: string;
  type: LedgerEntryType;
  partner: PartnerName;
  method: string;
  /** The entry's own reference: the authorization's for AUTHORIZE*, the operation's otherwise. */
  partner_reference: string;
  authorization_reference: string;
  /** Null for updates that no request caused (3DS completed, lender decision, settled timeout). */
  idempotency_key: string | null;
  status: PartnerAuthorizationStatus | PartnerOperationStatus;
  /** Requested amount (minor units). */
  amount: number;
  /** Amount that moved: authorized / captured / voided / refunded. */
  processed_amount: number;
  currency: Currency;
  reason: ReasonCode | null;
  card: { bin: string; last_four_digits: string } | null;
}

export interface NotificationDelivery {
  id: string;
  url: string;
  partner_reference: string;
  status: PartnerAuthorizationStatus;
  state: 'pending' | 'delivered' | 'failed';
  attempts: { at: string; http_status: number | null; error: string | null }[];
}
