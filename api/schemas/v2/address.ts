import { Type, type Static } from 'typebox';
import { GENDERS } from '../../../domain/enums';
import { MAX_ADDRESS_LINES } from '../../../domain/limits';
import { StringEnum } from '../typebox';
import { CountryCode, PhoneNumber, PROVINCE_CODE_PATTERN, Text } from './primitives';

export { MAX_ADDRESS_LINES };

const addressProperties = {
  company_name: Type.Optional(
    Text({ description: 'Company at this address, for business deliveries.', examples: ['Atelier Lumière SARL'] }),
  ),
  gender: Type.Optional(StringEnum(GENDERS, { description: 'Gender of the addressee.', examples: ['FEMALE'] })),
  first_name: Type.Optional(Text({ examples: ['Camille'] })),
  middle_name: Type.Optional(Text({ examples: ['Anne'] })),
  last_name: Type.Optional(Text({ examples: ['Martin'] })),
  address_lines: Type.Optional(
    Type.Array(Text({ minLength: 1 }), {
      maxItems: MAX_ADDRESS_LINES,
      description: `Street address, one line per entry, at most ${MAX_ADDRESS_LINES} lines.`,
      examples: [['12 rue de la Paix', 'Bâtiment B']],
    }),
  ),
  city: Type.Optional(Text({ examples: ['Paris'] })),
  postal_code: Type.Optional(Type.String({ maxLength: 32, examples: ['75002'] })),
  country_code: Type.Optional(CountryCode()),
  province_code: Type.Optional(
    Type.String({
      pattern: PROVINCE_CODE_PATTERN,
      description:
        'ISO 3166-2 subdivision code: the country code, a hyphen, then one to three letters or digits. ' +
        'When country_code is also given, both name the same country.',
      examples: ['FR-75', 'US-CA'],
    }),
  ),
  phone_number: Type.Optional(PhoneNumber({ description: 'Landline number in E.164 format.' })),
  mobile_phone_number: Type.Optional(PhoneNumber({ description: 'Mobile number in E.164 format.' })),
  work_phone_number: Type.Optional(
    PhoneNumber({ description: 'Work number in E.164 format.', examples: ['+442071234567'] }),
  ),
};

export const Address = Type.Object(addressProperties, {
  $id: 'Address',
  description: 'A postal address with the name and phone numbers of the person or company at it.',
});
export type Address = Static<typeof Address>;

export const ShippingAddress = Type.Object(
  {
    ...addressProperties,
    delivery_point_name: Type.Optional(
      Text({
        description: 'Name of the pickup point, locker or store the parcel is delivered to.',
        examples: ['Relais Colis Opéra'],
      }),
    ),
  },
  { $id: 'ShippingAddress', description: 'Where a shipment goes: an address, possibly a named delivery point.' },
);
export type ShippingAddress = Static<typeof ShippingAddress>;
