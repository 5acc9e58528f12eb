// What the shopper's browser is told of a session and its payment. The checkout routes answer
// anyone holding the session's id (the hosted page's address) or the publishable key, both of which
// travel through browsers, histories and referrers; so they carry what the page shows and needs,
// never what only the merchant should read: the customer's identity documents, birth date, phones
// and addresses, the payment's webhook (its url may hold the merchant's credentials), its split
// (the partner's references and tokens) and any partner token that would charge the card again.
// web/src/checkout/core/types.ts names what the page reads of each.
import type { Authorization, ClientSession, Customer, Order, Payment } from '../../schemas/v2';

function shopperCustomer(customer: Customer): Customer {
  return {
    ...(customer.reference !== undefined ? { reference: customer.reference } : {}),
    ...(customer.email !== undefined ? { email: customer.email } : {}),
    ...(customer.locale !== undefined ? { locale: customer.locale } : {}),
  };
}

/** The order as its summary on the page shows it: amounts, lines and discounts; no address. */
function shopperOrder(order: Order): Order {
  return {
    reference: order.reference,
    ...(order.net_amount !== undefined ? { net_amount: order.net_amount } : {}),
    ...(order.tax_amount !== undefined ? { tax_amount: order.tax_amount } : {}),
    ...(order.shipments
      ? {
          shipments: order.shipments.map((shipment) => ({
            ...(shipment.net_amount !== undefined ? { net_amount: shipment.net_amount } : {}),
            ...(shipment.item_lines
              ? {
                  item_lines: shipment.item_lines.map((line) => ({
                    ...(line.type !== undefined ? { type: line.type } : {}),
                    ...(line.name !== undefined ? { name: line.name } : {}),
                    ...(line.brand !== undefined ? { brand: line.brand } : {}),
                    ...(line.quantity !== undefined ? { quantity: line.quantity } : {}),
                    ...(line.unit_gross_price !== undefined ? { unit_gross_price: line.unit_gross_price } : {}),
                    ...(line.net_amount !== undefined ? { net_amount: line.net_amount } : {}),
                  })),
                }
              : {}),
          })),
        }
      : {}),
    ...(order.discounts
      ? {
          discounts: order.discounts.map((discount) => ({
            ...(discount.net_amount !== undefined ? { net_amount: discount.net_amount } : {}),
            ...(discount.coupon_code !== undefined ? { coupon_code: discount.coupon_code } : {}),
          })),
        }
      : {}),
  };
}

/** The authorization's outcome, without the partner's token for the card. */
function shopperAuthorization(authorization: Authorization): Authorization {
  return {
    ...authorization,
    partner_transactions: authorization.partner_transactions.map(
      ({ partner_token: _token, ...transaction }) => transaction,
    ),
  };
}

export function shopperSessionView(session: ClientSession): ClientSession {
  const { customer, order, authorization, ...rest } = session;
  return {
    ...rest,
    order: shopperOrder(order),
    ...(customer ? { customer: shopperCustomer(customer) } : {}),
    ...(authorization ? { authorization: shopperAuthorization(authorization) } : {}),
  };
}

export function shopperPaymentView(payment: Payment): Payment {
  const { webhook: _webhook, split: _split, disputes: _disputes, order, authorization, ...rest } = payment;
  return {
    ...rest,
    order: shopperOrder(order),
    ...(authorization ? { authorization: shopperAuthorization(authorization) } : {}),
  };
}
