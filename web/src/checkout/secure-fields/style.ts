// How a merchant's page may style the secure fields: an allow-list of CSS properties per state of
// the input and web fonts from allow-listed origins. The parent checks a style when it mounts the
// fields (a developer error is thrown there, early); each frame checks it again before applying
// it, with CSSOM setProperty on fixed selectors, so a value can never add a rule or a declaration.
import type { SecureFieldDeclarations, SecureFieldFont, SecureFieldStyle } from './secure-fields-api';

/** The states a style may target; `base` applies always, the others on top of it. */
export const STYLE_STATES = ['base', 'focus', 'invalid', 'complete', 'placeholder', 'disabled'] as const;
export type StyleState = keyof SecureFieldStyle & (typeof STYLE_STATES)[number];

/** Allowed properties (camelCase, as in element.style) and their CSS names. */
export const STYLE_PROPERTIES = {
  color: 'color',
  backgroundColor: 'background-color',
  caretColor: 'caret-color',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  fontStyle: 'font-style',
  fontVariant: 'font-variant',
  fontWeight: 'font-weight',
  letterSpacing: 'letter-spacing',
  lineHeight: 'line-height',
  textAlign: 'text-align',
  textDecoration: 'text-decoration',
  textShadow: 'text-shadow',
  textTransform: 'text-transform',
  fontSmoothing: '-webkit-font-smoothing',
} as const;
export type StyleProperty = keyof typeof STYLE_PROPERTIES;

export type FieldStyle = SecureFieldDeclarations;
export type { SecureFieldFont, SecureFieldStyle };

// The public declarations type and this allow-list name the same properties.
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : never) : never;
export const STYLE_PROPERTIES_MATCH_API: SameKeys<SecureFieldDeclarations, typeof STYLE_PROPERTIES> = true;

/**
 * Origins the frames load fonts from, besides Tessera's own: the frame page's Content-Security-
 * Policy (api/security-headers.ts, SECURE_FIELD_FONT_ORIGINS) lists the same, and a unit test
 * keeps both lists equal.
 */
export const ALLOWED_FONT_ORIGINS: readonly string[] = ['https://fonts.gstatic.com'];

/** The selector each state's declarations apply to, inside the frame. */
export const STATE_SELECTORS: Record<StyleState, string> = {
  base: 'input',
  focus: 'input:focus',
  invalid: 'input[aria-invalid="true"]',
  complete: 'input[data-complete="true"]',
  placeholder: 'input::placeholder',
  disabled: 'input:disabled',
};

// Nothing that fetches (url(), image-set()), reads (attr(), var(), env()), escapes or ends a
// declaration or a rule may appear in a value.
const FORBIDDEN_VALUE =
  /url\s*\(|image|element\s*\(|attr\s*\(|var\s*\(|env\s*\(|expression|[\\;{}<>@]|\/\*|!important/i;
const VALUE_CHARACTERS = /^[\w\s#%.,'"()+\-/]*$/;
const MAX_VALUE_LENGTH = 120;
const FONT_FAMILY = /^[\w -]{1,64}$/;
const FONT_WEIGHT = /^(normal|bold|[1-9]00)( [1-9]00)?$/;
const UNICODE_RANGE = /^(U\+[0-9A-Fa-f?]{1,6}(-[0-9A-Fa-f]{1,6})?)(, ?U\+[0-9A-Fa-f?]{1,6}(-[0-9A-Fa-f]{1,6})?)*$/;

export interface StyleCheck {
  style: SecureFieldStyle;
  fonts: SecureFieldFont[];
  /** What was left out, and why: thrown to the developer by the parent, ignored by the frame. */
  problems: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isSafeStyleValue(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_VALUE_LENGTH &&
    VALUE_CHARACTERS.test(value) &&
    !FORBIDDEN_VALUE.test(value)
  );
}

/** The allowed part of a style and its fonts; everything else is named in `problems`. */
export function checkStyle(style: unknown, fonts: unknown, fontOrigins: readonly string[]): StyleCheck {
  const problems: string[] = [];
  const checked: SecureFieldStyle = {};
  if (style !== undefined && !isRecord(style)) problems.push('style must be an object of states');
  for (const [state, declarations] of Object.entries(isRecord(style) ? style : {})) {
    if (!(STYLE_STATES as readonly string[]).includes(state)) {
      problems.push(`style.${state}: unknown state (allowed: ${STYLE_STATES.join(', ')})`);
      continue;
    }
    if (!isRecord(declarations)) {
      problems.push(`style.${state} must be an object of properties`);
      continue;
    }
    const kept: FieldStyle = {};
    for (const [property, value] of Object.entries(declarations)) {
      if (!Object.hasOwn(STYLE_PROPERTIES, property)) {
        problems.push(`style.${state}.${property}: not an allowed property`);
      } else if (!isSafeStyleValue(value)) {
        problems.push(`style.${state}.${property}: value refused`);
      } else {
        kept[property as StyleProperty] = value;
      }
    }
    checked[state as StyleState] = kept;
  }

  const keptFonts: SecureFieldFont[] = [];
  if (fonts !== undefined && !Array.isArray(fonts)) problems.push('fonts must be an array');
  for (const [index, font] of (Array.isArray(fonts) ? fonts : []).entries()) {
    const problem = fontProblem(font, fontOrigins);
    if (problem) problems.push(`fonts[${index}]: ${problem}`);
    else keptFonts.push(font as SecureFieldFont);
  }
  return { style: checked, fonts: keptFonts, problems };
}

function fontProblem(font: unknown, fontOrigins: readonly string[]): string | undefined {
  if (!isRecord(font)) return 'must be an object';
  if (typeof font.family !== 'string' || !FONT_FAMILY.test(font.family)) return 'family must be a plain font name';
  if (typeof font.src !== 'string') return 'src is required';
  let src: URL;
  try {
    src = new URL(font.src);
  } catch {
    return 'src is not an absolute URL';
  }
  if (src.protocol !== 'https:' && !fontOrigins.includes(src.origin)) return 'src must be https';
  if (!fontOrigins.includes(src.origin)) return `src must be on ${fontOrigins.join(' or ')}`;
  if (src.username || src.password) return 'src must not carry credentials';
  if (font.weight !== undefined && (typeof font.weight !== 'string' || !FONT_WEIGHT.test(font.weight)))
    return 'weight must be normal, bold or 100 to 900';
  if (font.style !== undefined && font.style !== 'normal' && font.style !== 'italic')
    return 'style must be normal or italic';
  if (
    font.unicodeRange !== undefined &&
    (typeof font.unicodeRange !== 'string' || !UNICODE_RANGE.test(font.unicodeRange))
  )
    return 'unicodeRange must be U+ ranges';
  return undefined;
}

const COLOR_SCHEMES = new Set(['normal', 'light', 'dark', 'light dark', 'dark light']);
export const isColorScheme = (value: unknown): value is string => typeof value === 'string' && COLOR_SCHEMES.has(value);
