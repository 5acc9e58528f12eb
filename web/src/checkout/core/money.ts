// Amounts arrive as integers in the currency's minor unit; the shopper reads them in their locale.
import { CURRENCY_EXPONENTS, formatMinorUnits, isCurrency } from '../../../../domain/currency';

/** Decimal digits of the currency's minor unit (ISO 4217), from Tessera's table or Intl's. */
export function minorUnitDigits(currency: string): number {
  if (isCurrency(currency)) return CURRENCY_EXPONENTS[currency];
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The decimal string of `minor` minor units, exactly (no floating point): 2599 EUR → "25.99". */
export function toDecimalString(minor: number, currency: string): string {
  if (isCurrency(currency)) return formatMinorUnits(minor, currency);
  const digits = minorUnitDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return (negative ? '-' : '') + decimal;
}

function numberFormat(locale: string | undefined, currency: string, digits: number): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  };
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // A malformed locale tag (from a merchant's option or a browser setting): English notation.
    return new Intl.NumberFormat('en', options);
  }
}

/**
 * `minor` minor units of `currency`, written the way the shopper's locale writes money:
 * formatAmount(2599, 'EUR', 'fr-FR') → "25,99 €", formatAmount(2599, 'EUR', 'en-IE') → "€25.99",
 * formatAmount(1000, 'JPY', 'ja-JP') → "￥1,000". Exact for every safe integer.
 */
export function formatAmount(minor: number, currency: string, locale?: string): string {
  const digits = minorUnitDigits(currency);
  const decimal = toDecimalString(minor, currency);
  try {
    // Intl formats a decimal string exactly (no rounding through a float).
    return numberFormat(locale, currency, digits).format(decimal as unknown as number);
  } catch {
    return `${decimal} ${currency}`;
  }
}

/** The shopper's preferred locale: an explicit choice, else the browser's first language. */
export function shopperLocale(
  explicit?: string,
  nav: { languages?: readonly string[]; language?: string } | undefined = globalThis.navigator,
): string {
  if (explicit && isValidLocale(explicit)) return explicit;
  const candidate = nav?.languages?.[0] ?? nav?.language;
  return candidate && isValidLocale(candidate) ? candidate : 'en';
}

function isValidLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag.replace('_', '-')]).length > 0;
  } catch {
    return false;
  }
}
