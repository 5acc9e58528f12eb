// What the browser checkout reads from the API: only the fields it uses, so the bundle carries no
// schema code (the API's TypeBox schemas stay on the server).

export type SessionStatus = 'CREATED' | 'CHOICE_IN_PROGRESS' | 'SUBMITTED' | 'EXPIRED' | 'ABORTED_BY_CUSTOMER' | 'ABORTED_BY_MERCHANT';
export type AuthorizationStatus = 'AUTHORIZED' | 'PENDING' | 'UNCERTAIN' | 'ERROR' | 'ABORTED' | 'REFUSED';

export interface Solution {
  partner: string;
  method: string;
}

export interface PartnerTransactionView {
  partner: string;
  method: string;
  amount: number;
  status?: string;
  partner_status?: string;
  partner_additional_data?: Record<string, unknown>;
}

export interface AuthorizationView {
  status: AuthorizationStatus;
  partner_transactions?: PartnerTransactionView[];
}

export interface ItemLine {
  name?: string;
  brand?: string;
  type?: string;
  quantity?: number;
  unit_gross_price?: number;
  net_amount?: number;
}

export interface OrderView {
  reference: string;
  net_amount?: number;
  tax_amount?: number;
  shipments?: { net_amount?: number; item_lines?: ItemLine[] }[];
  discounts?: { net_amount?: number; coupon_code?: string }[];
}

export interface ClientSessionView {
  id: string;
  entity_id: string;
  status: SessionStatus;
  amount: number;
  currency: string;
  order: OrderView;
  expires_at: string;
  shopper_redirection_url: string;
  integration_mode?: string;
  customer?: { locale?: string; email?: string };
  payment_id?: string;
  eligible_solutions: Solution[];
  authorization?: AuthorizationView;
}

export interface Redirection {
  href: string;
  method: string;
  media_type?: string | null;
  body?: string | Record<string, unknown> | null;
}

export interface PaymentView {
  id: string;
  amount: number;
  currency: string;
  client_session_id?: string;
  authorization?: AuthorizationView;
  redirection?: Redirection;
}

export interface SplitEntry {
  amount: number;
  partner: string;
  method: string;
  vault_form_token?: string;
  card?: { holder_name?: string; selected_network?: string };
}

export interface Submission {
  session: ClientSessionView;
  payment: PaymentView;
}

/** `application/problem+json` answers of the API. */
export interface Problem {
  status?: number;
  title?: string;
  detail?: string;
  errors?: { pointer?: string; detail?: string }[];
}
