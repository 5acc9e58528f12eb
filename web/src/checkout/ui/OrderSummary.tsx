import { useId } from 'react';
import { formatAmount } from '../core/money';
import type { ClientSessionView, ItemLine } from '../core/types';
import { Heading } from './Heading';

function lineAmount(item: ItemLine): number | undefined {
  if (typeof item.net_amount === 'number') return item.net_amount;
  if (typeof item.unit_gross_price === 'number') return item.unit_gross_price * (item.quantity ?? 1);
  return undefined;
}

/** The merchant's order as the session describes it: its lines when given, and the total. */
export function OrderSummary({ session, locale }: { session: ClientSessionView; locale: string }) {
  const titleId = useId();
  const money = (minor: number) => formatAmount(minor, session.currency, locale);
  const items = (session.order.shipments ?? []).flatMap((shipment) => shipment.item_lines ?? []);
  const discounts = (session.order.discounts ?? []).filter(
    (discount) => typeof discount.net_amount === 'number' && discount.net_amount > 0,
  );
  return (
    <section className="tc-summary" aria-labelledby={titleId}>
      <Heading depth={1} id={titleId} className="tc-section-title">
        Order summary
      </Heading>
      <p className="tc-order-ref">
        Order <span className="tc-mono">{session.order.reference}</span>
      </p>
      {items.length > 0 && (
        <ul className="tc-items" aria-label="Items">
          {items.map((item, index) => {
            const amount = lineAmount(item);
            return (
              <li className="tc-item" key={index}>
                <span className="tc-item-name">
                  {item.name ?? 'Item'}
                  {(item.quantity ?? 1) > 1 && <span className="tc-item-qty"> × {item.quantity}</span>}
                </span>
                {amount !== undefined && <span className="tc-item-amount">{money(amount)}</span>}
              </li>
            );
          })}
          {discounts.map((discount, index) => (
            <li className="tc-item tc-item--discount" key={`d${index}`}>
              <span className="tc-item-name">Discount{discount.coupon_code ? ` (${discount.coupon_code})` : ''}</span>
              <span className="tc-item-amount">−{money(discount.net_amount ?? 0)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="tc-total">
        <span>Total</span>
        <strong className="tc-total-amount" data-testid="total">
          {money(session.amount)}
        </strong>
      </p>
    </section>
  );
}
