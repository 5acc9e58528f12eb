import { describe, expect, it } from 'vitest';
import { validateAddress } from './address';

const at = '/order/billing_address';

describe('validateAddress', () => {
  it('accepts a complete valid address', () => {
    expect(
      validateAddress(
        {
          address_lines: ['12 rue de la Paix', 'Bâtiment B', 'Escalier 3', '2e étage', 'Porte gauche'],
          country_code: 'FR',
          province_code: 'FR-75',
          phone_number: '+33140000000',
          mobile_phone_number: '+33612345678',
          work_phone_number: '+33170000000',
        },
        at,
      ),
    ).toEqual([]);
  });

  it('accepts an empty or absent address', () => {
    expect(validateAddress({}, at)).toEqual([]);
    expect(validateAddress(undefined, at)).toEqual([]);
  });

  it('refuses more than 5 address lines', () => {
    expect(validateAddress({ address_lines: ['1', '2', '3', '4', '5', '6'] }, at)).toEqual([
      { pointer: `${at}/address_lines`, detail: 'must have at most 5 lines' },
    ]);
  });

  it.each(['phone_number', 'mobile_phone_number', 'work_phone_number'] as const)('refuses a non-E.164 %s', (field) => {
    expect(validateAddress({ [field]: '06 12 34 56 78' }, at)).toEqual([
      { pointer: `${at}/${field}`, detail: expect.stringContaining('E.164') },
    ]);
  });

  it('refuses an unassigned country code', () => {
    expect(validateAddress({ country_code: 'UK' }, at)).toEqual([
      { pointer: `${at}/country_code`, detail: expect.stringContaining('ISO 3166-1') },
    ]);
  });

  it('refuses a malformed province code', () => {
    expect(validateAddress({ province_code: 'California' }, at)).toEqual([
      { pointer: `${at}/province_code`, detail: expect.stringContaining('ISO 3166-2') },
    ]);
  });

  it('accepts a province code without a country code', () => {
    expect(validateAddress({ province_code: 'US-CA' }, at)).toEqual([]);
  });

  it('refuses a province of another country than country_code', () => {
    expect(validateAddress({ country_code: 'FR', province_code: 'US-CA' }, at)).toEqual([
      { pointer: `${at}/province_code`, detail: 'must be a subdivision of the address country FR, not of US' },
    ]);
  });

  it('reports every invalid field at once', () => {
    const errors = validateAddress(
      { country_code: 'XX', province_code: 'XX-1', phone_number: '1', address_lines: ['1', '2', '3', '4', '5', '6'] },
      at,
    );
    expect(errors.map((e) => e.pointer)).toEqual([
      `${at}/address_lines`,
      `${at}/phone_number`,
      `${at}/country_code`,
      `${at}/province_code`,
    ]);
  });
});
