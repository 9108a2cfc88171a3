// Format patterns of spec 5. The browser and the API validate with these same expressions.
import type { FieldFormat } from '../entities/formField';

/** The special characters a password must contain at least one of (spec 5); others may be used too. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

/**
 * The longest password accepted, in characters (Unicode code points): long passphrases are
 * welcome, but every password is hashed with argon2id, whose work this bounds.
 */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Every format as an anchored pattern. Decisions where spec 5 is silent:
 * - password: the spec's minimum — 8 characters or more with an upper-case letter, a lower-case
 *   letter, a digit (0-9) and one of @$!%*?& — and nothing else required or forbidden: spaces,
 *   other symbols and any Unicode character may be used. Upper and lower case are Unicode's
 *   (so 'Ω' is an upper-case letter); length counts code points, at most PASSWORD_MAX_LENGTH
 *   (FORMAT_MAX_LENGTH, checked after the pattern with the spec's maximum-length message);
 * - email: local part of letters, digits and . _ % + -, a domain with a dot and a 2+ letter TLD;
 * - decimal: an optional minus, digits, then optionally a point and digits (no bare ".5" or "5.");
 * - url: http or https with a host and no whitespace.
 */
export const PATTERNS: Readonly<Record<FieldFormat, RegExp>> = Object.freeze({
  password: /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\d)(?=.*[@$!%*?&]).{8,}$/su,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  loginId: /^[a-z0-9_]{3,}$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  numeric: /^-?\d+$/,
  decimal: /^-?\d+(\.\d+)?$/,
  safetext: /^[A-Za-z0-9\-_\s:,]+$/,
  filename: /^[A-Za-z0-9_.-]+$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
});

/** Formats whose values have a length limit of their own, whatever a field rule says. */
export const FORMAT_MAX_LENGTH: Readonly<Partial<Record<FieldFormat, number>>> = Object.freeze({
  password: PASSWORD_MAX_LENGTH,
});

/** Script-injection markers: text containing one is 'Invalid input.' whatever its format. */
export const INJECTION_MARKER = /javascript:|dangerouslySetInnerHTML/i;

export function hasInjectionMarker(text: string): boolean {
  return INJECTION_MARKER.test(text);
}

/** Formats whose min/max bound the value rather than the number of characters. */
export function isNumberFormat(format: FieldFormat | undefined): format is 'numeric' | 'decimal' {
  return format === 'numeric' || format === 'decimal';
}
