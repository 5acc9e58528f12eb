import { MAX_ADDRESS_LINES } from '../limits';
import { pointer, fieldError, type FieldError } from './field-error';
import {
  subdivisionCountry,
  validateCountryCode,
  validatePhoneNumber,
  validateProvinceCode,
  isSubdivisionCode,
} from './formats';
import type { AddressInput } from './inputs';

const PHONE_FIELDS = ['phone_number', 'mobile_phone_number', 'work_phone_number'] as const;

/**
 * Every rule on one address (billing or shipping) found at `at`:
 * at most 5 address lines; phone numbers in E.164; country_code an assigned ISO 3166-1
 * alpha-2 code; province_code an ISO 3166-2 code whose country part is assigned and, when
 * country_code is given too, equal to it.
 */
export function validateAddress(address: AddressInput | undefined, at: string): FieldError[] {
  if (address === undefined) return [];
  const errors: FieldError[] = [];
  if (address.address_lines !== undefined && address.address_lines.length > MAX_ADDRESS_LINES) {
    errors.push(fieldError(pointer(at, 'address_lines'), `must have at most ${MAX_ADDRESS_LINES} lines`));
  }
  for (const field of PHONE_FIELDS) {
    errors.push(...validatePhoneNumber(address[field], pointer(at, field)));
  }
  errors.push(...validateCountryCode(address.country_code, pointer(at, 'country_code')));
  const provinceErrors = validateProvinceCode(address.province_code, pointer(at, 'province_code'));
  errors.push(...provinceErrors);
  if (
    provinceErrors.length === 0 &&
    isSubdivisionCode(address.province_code) &&
    address.country_code !== undefined &&
    subdivisionCountry(address.province_code) !== address.country_code
  ) {
    errors.push(
      fieldError(
        pointer(at, 'province_code'),
        `must be a subdivision of the address country ${address.country_code}, not of ${subdivisionCountry(address.province_code)}`,
      ),
    );
  }
  return errors;
}
