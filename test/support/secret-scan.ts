// Looks for secrets and personal data in text a test collected (log lines, database rows, workflow
// histories): card numbers by their shape, CVVs in the contexts a CVV would be written in, and the
// exact values of the journey's credentials, tokens and emails, also base64- and URL-encoded.
// A finding names what was found and where, and masks the value in its excerpt.

export interface Needle {
  /** What it is, e.g. "client secret". */
  label: string;
  value: string;
}

export interface Finding {
  what: string;
  where: string;
  excerpt: string;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const TWENTY_YEARS_MS = 20 * 365 * 24 * 3600 * 1000;

/**
 * A clock reading rather than a card: milliseconds, microseconds or nanoseconds since 1970 within
 * twenty years of now. No card network issues numbers of those lengths starting with 1.
 */
function looksLikeEpoch(digits: string): boolean {
  const scale = { 13: 1, 16: 1e3, 19: 1e6 }[digits.length];
  if (!scale) return false;
  const ms = Number(digits) / scale;
  return Math.abs(ms - Date.now()) < TWENTY_YEARS_MS;
}

// Plain runs of 13-19 digits, and numbers typed in groups (4-4-4-4[-3], Amex 4-6-5) with spaces or
// hyphens; never a run inside an alphanumeric token (a hex digest, a base64 string, an id), nor the
// decimals of a number (a duration of 21.6306650059 ms).
const CARD_SHAPES =
  /(?<![A-Za-z0-9]|\d\.)(?:\d{13,19}|\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5})(?![A-Za-z0-9])/g;

/** Luhn-valid card-shaped numbers in the text, as digits. */
export function cardNumbersIn(text: string): { digits: string; index: number; length: number }[] {
  const found: { digits: string; index: number; length: number }[] = [];
  for (const match of text.matchAll(CARD_SHAPES)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19 || looksLikeEpoch(digits) || !luhnValid(digits)) continue;
    found.push({ digits, index: match.index, length: match[0].length });
  }
  return found;
}

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a CVV would be written: after a field naming it (`"cvv":"123"`, `cvc=123`), as a quoted
 * string of its own, or as a form or query value. A bare three-digit number is no finding: amounts,
 * ports and durations are full of them.
 */
function cvvPatterns(cvv: string): RegExp[] {
  const value = escapeRegex(cvv);
  return [
    new RegExp(`(?:cvv|cvc|cvx|csc|cid|security[_ -]?code|card[_ -]?code)[^A-Za-z0-9]{0,6}${value}(?!\\d)`, 'gi'),
    new RegExp(`(["'])${value}\\1`, 'g'),
    new RegExp(`[?&][\\w.%-]+=${value}(?=&|$|\\s)`, 'g'),
  ];
}

function encodings(value: string): string[] {
  const variants = new Set([value]);
  if (value.length >= 8) {
    variants.add(encodeURIComponent(value));
    const base64 = Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, '');
    variants.add(base64);
    variants.add(Buffer.from(value, 'utf8').toString('base64url'));
  }
  return [...variants];
}

export class SecretScanner {
  readonly findings: Finding[] = [];
  private readonly needles: { label: string; variant: string; encoded: boolean }[];
  private readonly cvvs: { cvv: string; patterns: RegExp[] }[];

  constructor(needles: Needle[], cvvs: string[]) {
    this.needles = needles.flatMap(({ label, value }) =>
      encodings(value).map((variant) => ({ label, variant, encoded: variant !== value })),
    );
    this.cvvs = cvvs.map((cvv) => ({ cvv, patterns: cvvPatterns(cvv) }));
  }

  private found(what: string, where: string, text: string, index: number, length: number): void {
    const before = text.slice(Math.max(0, index - 60), index);
    const after = text.slice(index + length, index + length + 60);
    this.findings.push({ what, where, excerpt: `…${before}[${what}]${after}…` });
  }

  /** Scans one text (a log line, a row, a payload) and records what it finds in it. */
  scan(where: string, text: string): void {
    for (const card of cardNumbersIn(text))
      this.found(
        `card number ${card.digits.slice(0, 6)}…${card.digits.slice(-4)}`,
        where,
        text,
        card.index,
        card.length,
      );
    for (const { label, variant, encoded } of this.needles) {
      const index = text.indexOf(variant);
      if (index >= 0) this.found(encoded ? `${label} (encoded)` : label, where, text, index, variant.length);
    }
    for (const { cvv, patterns } of this.cvvs) {
      for (const pattern of patterns) {
        pattern.lastIndex = 0;
        const match = pattern.exec(text);
        if (match) this.found(`CVV ${cvv.replace(/./g, '•')}`, where, text, match.index, match[0].length);
      }
    }
  }
}
