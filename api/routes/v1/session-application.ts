// A v1 session body, as e-commerce platforms send it, turned into the v2 client session it is:
// amounts from decimal major units to exact minor units, v1 names to v2's. The v1 session *is* a
// v2 client session (same workflow, same id), so v2's rules must hold for what this builds. A
// descriptive detail the original platform took but v2's stricter formats do not (a phone number
// not in E.164, a birth date in another format) is left out rather than refused: a shop that
// worked before keeps working. What money depends on (amounts, currency, return url) is checked.
import type { TSchema } from 'typebox';
import { isCurrency, type Currency } from '../../../domain/currency';
import { parseDecimalCount, parseMajorUnits } from '../../../domain/decimal-amount';
import type { FieldError } from '../../errors/problem';
import { matchesSchema } from '../../schemas/check';
import type { V1Address, V1CreateSessionApplication, V1Customer, V1ItemLine, V1Shipment } from '../../schemas/v1';
import {
  Address,
  Customer,
  ItemLine,
  Shipment,
  ShippingAddress,
  type ClientSessionApplication,
} from '../../schemas/v2';

type Converted =
  { ok: true; application: ClientSessionApplication; currency: Currency } | { ok: false; errors: FieldError[] };

/** Keeps a built v2 part only when v2's schema accepts it (see the file comment). */
function ifValid<T>(schema: TSchema, value: T): T | undefined {
  return matchesSchema(schema, value) ? value : undefined;
}

/** The fields that have a value: v1 bodies leave many empty, v2 wants them absent. */
type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

function defined<T extends object>(value: T): Defined<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined && field !== ''),
  ) as Defined<T>;
}

const upper = <T extends string>(value: T | undefined) => (value === undefined ? undefined : value.toUpperCase());

function addressOf(address: V1Address | undefined): Record<string, unknown> | undefined {
  if (!address) return undefined;
  return defined({
    company_name: address.company,
    gender: upper(address.gender_code),
    first_name: address.first_name,
    middle_name: address.middle_name,
    last_name: address.last_name,
    address_lines: address.address_lines?.slice(0, 3),
    city: address.city,
    postal_code: address.postal_code,
    country_code: address.country_code,
    province_code: address.province_code,
    phone_number: address.phone,
    mobile_phone_number: address.mobile_phone,
    work_phone_number: address.work_phone,
  });
}

function customerOf(customer: V1Customer | undefined): ClientSessionApplication['customer'] {
  if (!customer) return undefined;
  const built = defined({
    reference: customer.reference,
    email: customer.billing_address?.email,
    type: customer.type_code === 'business' ? 'COMPANY' : customer.type_code === 'customer' ? 'PERSON' : undefined,
    company_name: customer.company_name,
    gender: upper(customer.gender_code),
    first_name: customer.first_name,
    middle_name: customer.middle_name,
    last_name: customer.last_name,
    national_identifier: customer.additional_attributes?.national_identifier,
    birth_date: customer.birthdate,
    ip_address: customer.ip,
    // Platforms write locales the PHP way (fr_FR); BCP 47 says fr-FR.
    locale: customer.locale_code?.replaceAll('_', '-'),
  });
  // One field v2 refuses must not cost the others: drop fields until the customer passes.
  const fields = Object.keys(built);
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    const candidate = { ...kept, [field]: Reflect.get(built, field) };
    if (matchesSchema(Customer, candidate)) kept[field] = Reflect.get(built, field);
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function itemLineOf(line: V1ItemLine, currency: Currency): Record<string, unknown> | undefined {
  const money = (value: unknown) => {
    if (value === undefined) return undefined;
    const parsed = parseMajorUnits(value, currency);
    return parsed.ok ? parsed.value : undefined;
  };
  const quantity = line.quantity === undefined ? undefined : parseDecimalCount(line.quantity, { sign: 'positive' });
  const type =
    line.type_code === 'digital'
      ? 'DIGITAL'
      : line.type_code === 'shipping_fees'
        ? 'SHIPPING_FEES'
        : line.type_code
          ? 'PHYSICAL'
          : undefined;
  return ifValid(
    ItemLine,
    defined({
      type,
      sku_reference: line.sku_reference,
      name: line.name,
      brand: line.brand,
      unit_gross_price: money(line.price),
      net_amount: money(line.amount),
      quantity: quantity?.ok && Number.isInteger(quantity.value) ? quantity.value : undefined,
      seller_reference: line.seller_reference,
      seller_name: line.seller_name,
      is_marketplace_seller: line.is_marketplace_seller,
    }),
  );
}

function shipmentOf(shipment: V1Shipment, currency: Currency): Record<string, unknown> | undefined {
  const amount = shipment.amount === undefined ? undefined : parseMajorUnits(shipment.amount, currency);
  const lines = (shipment.item_lines ?? [])
    .map((line) => itemLineOf(line, currency))
    .filter((line) => line !== undefined);
  return ifValid(
    Shipment,
    defined({
      net_amount: amount?.ok ? amount.value : undefined,
      delivery_type: upper(shipment.delivery_type_code),
      delivery_quickness: upper(shipment.delivery_quickness_code),
      delivery_method_reference: shipment.delivery_method_reference,
      shipping_address: ifValid(ShippingAddress, addressOf(shipment.shipping_address)),
      item_lines: lines.length > 0 ? lines : undefined,
    }),
  );
}

/** The v2 client session application of a v1 session body, or the v1 fields that stand in the way. */
export function clientSessionApplicationOf(entityId: string, body: V1CreateSessionApplication): Converted {
  const { order } = body;
  if (!isCurrency(order.currency_code)) {
    return {
      ok: false,
      errors: [
        { pointer: '/order/currency_code', detail: `${order.currency_code} is not a currency Tessera processes` },
      ],
    };
  }
  const currency = order.currency_code;
  const amount = parseMajorUnits(body.amount, currency, { sign: 'positive' });
  if (!amount.ok) return { ok: false, errors: [{ pointer: '/amount', detail: amount.error }] };
  // The order's totals describe, they move no money: one in a fraction of a minor unit (a tax
  // computed to four decimals) is left out rather than refused.
  const orderAmount =
    order.amount === undefined ? undefined : parseMajorUnits(order.amount, currency, { sign: 'positive' });
  const taxAmount = order.tax_amount === undefined ? undefined : parseMajorUnits(order.tax_amount, currency);

  // v2's net_amount is the order total, taxes included (v1's amount), and at least what is paid now.
  const total = orderAmount?.ok && orderAmount.value >= amount.value ? orderAmount.value : undefined;
  const tax = total !== undefined && taxAmount?.ok && taxAmount.value <= total ? taxAmount.value : undefined;
  const shipments = (order.shipments ?? [])
    .map((shipment) => shipmentOf(shipment, currency))
    .filter((shipment) => shipment !== undefined);
  const customer = customerOf(order.customer);
  const application: ClientSessionApplication = {
    entity_id: entityId,
    amount: amount.value,
    currency,
    order: defined({
      reference: String(order.reference),
      net_amount: total,
      tax_amount: tax,
      billing_address: ifValid(Address, addressOf(order.customer?.billing_address)),
      shipments: shipments.length > 0 ? shipments : undefined,
    }),
    shopper_redirection_url: order.redirection,
    integration_mode: 'EMBEDDED',
    ...(customer ? { customer } : {}),
  };
  return { ok: true, application, currency };
}
