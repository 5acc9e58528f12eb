import { Type, type Static } from 'typebox';
import { DELIVERY_QUICKNESSES, DELIVERY_TYPES, ITEM_TYPES } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { Address, ShippingAddress } from './address';
import { DateTime, MinorUnits, PositiveMinorUnits, Text } from './primitives';

export const ItemLine = Type.Object(
  {
    type: Type.Optional(StringEnum(ITEM_TYPES, { description: 'What is sold on this line.', examples: ['PHYSICAL'] })),
    sku_reference: Type.Optional(
      Text({ description: 'The merchant’s stock-keeping unit.', examples: ['LMP-0042-BLU'] }),
    ),
    name: Type.Optional(Text({ examples: ['Desk lamp, blue'] })),
    brand: Type.Optional(Text({ examples: ['Lumière'] })),
    unit_gross_price: Type.Optional(
      MinorUnits({ description: 'Price of one unit, taxes included, in minor units.', examples: [4999] }),
    ),
    net_amount: Type.Optional(
      MinorUnits({
        description: 'Amount of the line (all units, taxes included, after discounts) in minor units.',
        examples: [9998],
      }),
    ),
    discount_amount: Type.Optional(
      MinorUnits({
        deprecated: true,
        description: 'Deprecated: use the order’s discounts. Discount granted on this line, in minor units.',
        examples: [0],
      }),
    ),
    quantity: Type.Optional(Type.Integer({ minimum: 1, description: 'Number of units.', examples: [2] })),
    tax_amount: Type.Optional(
      MinorUnits({ description: 'Tax included in net_amount, in minor units.', examples: [1666] }),
    ),
    tax_rate: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'Tax rate in percent (20 means 20 %).', examples: [20] }),
    ),
    seller_reference: Type.Optional(Text({ description: 'Marketplace seller’s identifier.', examples: ['SELLER-17'] })),
    seller_name: Type.Optional(Text({ examples: ['Lumière Atelier'] })),
    is_marketplace_seller: Type.Optional(
      Type.Boolean({
        description: 'Whether a marketplace seller, not the merchant, sells this line.',
        examples: [false],
      }),
    ),
  },
  { $id: 'ItemLine', description: 'One product line of a shipment.' },
);
export type ItemLine = Static<typeof ItemLine>;

export const Shipment = Type.Object(
  {
    net_amount: Type.Optional(
      MinorUnits({ description: 'Amount of the shipment, taxes included, in minor units.', examples: [10998] }),
    ),
    delivery_type: Type.Optional(StringEnum(DELIVERY_TYPES, { examples: ['USER_DELIVERY'] })),
    delivery_quickness: Type.Optional(StringEnum(DELIVERY_QUICKNESSES, { examples: ['REGULAR'] })),
    delivery_method_reference: Type.Optional(
      Text({ description: 'The merchant’s name for the carrier or delivery option.', examples: ['colissimo-home'] }),
    ),
    estimated_delivery_date_time: Type.Optional(DateTime({ examples: ['2025-03-18T12:00:00+01:00'] })),
    shipping_address: Type.Optional(Ref(ShippingAddress)),
    item_lines: Type.Optional(Type.Array(Ref(ItemLine), { description: 'What this shipment contains.' })),
  },
  { $id: 'Shipment', description: 'A part of the order delivered together.' },
);
export type Shipment = Static<typeof Shipment>;

export const Discount = Type.Object(
  {
    net_amount: Type.Optional(
      MinorUnits({ description: 'Value of the discount, taxes included, in minor units.', examples: [500] }),
    ),
    tax_amount: Type.Optional(MinorUnits({ description: 'Tax part of the discount, in minor units.', examples: [83] })),
    coupon_code: Type.Optional(Text({ examples: ['SPRING25'] })),
    seller_reference: Type.Optional(
      Text({ description: 'Marketplace seller granting the discount.', examples: ['SELLER-17'] }),
    ),
  },
  { $id: 'Discount', description: 'A discount applied to the whole order.' },
);
export type Discount = Static<typeof Discount>;

const orderDetailProperties = {
  additional_data: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 1024 }), {
      maxProperties: 50,
      description: 'Free key–value pairs kept with the order and passed to partners that accept them.',
      examples: [{ channel: 'mobile-app' }],
    }),
  ),
  net_amount: Type.Optional(
    PositiveMinorUnits({
      description: 'Total of the order, taxes included, in minor units. At least the payment amount.',
      examples: [10998],
    }),
  ),
  discount_amount: Type.Optional(
    MinorUnits({
      deprecated: true,
      description: 'Deprecated: use discounts. Total discount, in minor units.',
      examples: [0],
    }),
  ),
  tax_amount: Type.Optional(
    MinorUnits({
      description:
        'Tax included in net_amount, in minor units. Equals the sum of the item lines’ tax_amount when they give one.',
      examples: [1833],
    }),
  ),
  shipments: Type.Optional(Type.Array(Ref(Shipment))),
  billing_address: Type.Optional(Ref(Address)),
  discounts: Type.Optional(Type.Array(Ref(Discount))),
};

export const Order = Type.Object(
  {
    reference: Text({ minLength: 1, description: 'The merchant’s order number.', examples: ['ORD-2025-000123'] }),
    ...orderDetailProperties,
  },
  {
    $id: 'Order',
    description: 'What the shopper buys. Partners use it for risk analysis, invoices and instalment offers.',
  },
);
export type Order = Static<typeof Order>;

export const OperationOrder = Type.Object(
  {
    shipments: Type.Optional(
      Type.Array(Ref(Shipment), {
        description: 'The shipments this capture, refund or void concerns, for partners that settle per item.',
      }),
    ),
  },
  { $id: 'OperationOrder', description: 'The part of the order an operation concerns.' },
);
export type OperationOrder = Static<typeof OperationOrder>;
