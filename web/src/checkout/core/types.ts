// What the browser checkout reads from the API: the API's own types (type-only imports, erased from
// the bundle: the TypeBox schemas stay on the server), narrowed to the fields the checkout uses so
// that its tests can build small answers.
import type {
  ClientSession,
  Payment,
  PaymentSplitEntry,
  Problem as ApiProblem,
  Redirection as ApiRedirection,
} from '../../../../api/schemas/v2';
import type { SavedMethod } from '../../../../api/routes/checkout/saved-methods';

type Authorization = NonNullable<Payment['authorization']>;

export type SessionStatus = ClientSession['status'];
export type AuthorizationStatus = Authorization['status'];
export type Solution = Pick<ClientSession['eligible_solutions'][number], 'partner' | 'method'>;

export type PartnerTransactionView = Pick<
  Authorization['partner_transactions'][number],
  'partner' | 'method' | 'amount'
> &
  Partial<Pick<Authorization['partner_transactions'][number], 'status' | 'partner_status' | 'partner_additional_data'>>;

export interface AuthorizationView {
  status: AuthorizationStatus;
  partner_transactions?: PartnerTransactionView[];
}

type Order = ClientSession['order'];
type Shipment = NonNullable<Order['shipments']>[number];
export type ItemLine = Pick<
  NonNullable<Shipment['item_lines']>[number],
  'name' | 'brand' | 'type' | 'quantity' | 'unit_gross_price' | 'net_amount'
>;

export type OrderView = Pick<Order, 'reference' | 'net_amount' | 'tax_amount'> & {
  shipments?: (Pick<Shipment, 'net_amount'> & { item_lines?: ItemLine[] })[];
  discounts?: Pick<NonNullable<Order['discounts']>[number], 'net_amount' | 'coupon_code'>[];
};

export type ClientSessionView = Pick<
  ClientSession,
  'id' | 'entity_id' | 'status' | 'amount' | 'currency' | 'expires_at' | 'shopper_redirection_url'
> &
  Partial<Pick<ClientSession, 'integration_mode' | 'payment_id' | 'allow_future_usage'>> & {
    order: OrderView;
    customer?: Pick<NonNullable<ClientSession['customer']>, 'locale' | 'email' | 'reference'>;
    eligible_solutions: Solution[];
    authorization?: AuthorizationView;
  };

/** The API's redirection, read defensively: the page follows whatever a partner put in it. */
export type Redirection = Pick<ApiRedirection, 'href'> & {
  method: ApiRedirection['method'] | (string & {});
  media_type?: ApiRedirection['media_type'] | null;
  body?: ApiRedirection['body'] | Record<string, unknown> | null;
};

export type PaymentView = Pick<Payment, 'id' | 'amount' | 'currency'> &
  Partial<Pick<Payment, 'client_session_id'>> & {
    authorization?: AuthorizationView;
    redirection?: Redirection;
  };

export type SplitEntry = Pick<PaymentSplitEntry, 'amount' | 'vault_form_token' | 'wallet_token'> & {
  partner: string;
  method: string;
  card?: Pick<NonNullable<PaymentSplitEntry['card']>, 'holder_name' | 'selected_network'> | undefined;
};

/** A card the session's customer saved at this merchant, as GET …/saved-methods answers it (no value). */
export type SavedMethodView = Pick<
  SavedMethod,
  'id' | 'partner' | 'method' | 'brand_name' | 'display_token' | 'favorite' | 'expiration_date'
>;

export interface Submission {
  session: ClientSessionView;
  payment: PaymentView;
}

/** `application/problem+json` answers of the API: any field may be missing from what reaches a browser. */
export type Problem = Partial<Pick<ApiProblem, 'status' | 'title' | 'detail' | 'error' | 'errors'>>;
