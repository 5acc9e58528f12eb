// Pure readings of wallet inputs whose rules a JSON schema cannot say: when a token expires, the
// partner and method it pays with, and the legacy plugin's numeric customer ids.

import { isPartnerName, methodsOf, offersMethod, PARTNER_NAMES } from '../../../partners/catalog';
import type { FieldError } from '../../errors/problem';

export type Reading<T> = { ok: true; value: T } | { ok: false; error: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The instant a wallet token expires. A date alone means the whole of that day, UTC (a card
 * "valid until 2028-09-30" still pays on that day): its last millisecond. A date-time needs an
 * offset, since a local time would depend on the server's zone.
 */
export function tokenExpiration(input: string): Reading<Date> {
  const date = DATE.exec(input);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!isCalendarDate(year, month, day)) return { ok: false, error: `${input} is not a calendar date` };
    return { ok: true, value: new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999)) };
  }
  const dateTime = DATE_TIME.exec(input);
  if (!dateTime) {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/i.test(input)) {
      return { ok: false, error: 'a date-time needs a time zone offset (Z or ±hh:mm)' };
    }
    return {
      ok: false,
      error: 'must be an ISO 8601 date (2028-09-30) or date-time with offset (2028-09-30T23:59:59Z)',
    };
  }
  const [year, month, day, hour, minute, second] = dateTime.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offsetHours = dateTime[9] === undefined ? 0 : Number(dateTime[9]);
  const offsetMinutes = dateTime[10] === undefined ? 0 : Number(dateTime[10]);
  if (
    !isCalendarDate(year, month, day) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  ) {
    return { ok: false, error: `${input} is not a valid date-time` };
  }
  return { ok: true, value: new Date(input) };
}

/**
 * The owner reference of the legacy POST /wallet/session: the plugin sends its numeric customer id
 * as a JSON integer, which is the same customer as the string of its digits.
 */
export function legacyOwnerReference(input: string | number): Reading<string> {
  if (typeof input === 'string') return { ok: true, value: input };
  if (!Number.isSafeInteger(input))
    return { ok: false, error: 'an integer owner_reference must be a safe integer (at most 2^53 − 1)' };
  return { ok: true, value: String(input) };
}

/**
 * A token's partner and method must be a pair Tessera routes to: a token saved with a name it
 * does not know (a typo, another orchestrator's name) could never pay, and would only be found out
 * at the customer's next checkout. Whether the entity's contracts hold the pair is checked when a
 * payment uses the token, since contracts change and a token outlives them.
 */
export function tokenPaymentIdErrors(paymentId: { partner: string; method: string }): FieldError[] {
  if (!isPartnerName(paymentId.partner))
    return [
      { pointer: '/payment_id/partner', detail: `is not a partner of Tessera's: one of ${PARTNER_NAMES.join(', ')}` },
    ];
  if (!offersMethod(paymentId.partner, paymentId.method))
    return [
      {
        pointer: '/payment_id/method',
        detail: `is not a method of ${paymentId.partner}: one of ${methodsOf(paymentId.partner).join(', ')}`,
      },
    ];
  return [];
}
