// Format patterns of spec 5. The browser and the API validate with these same expressions.
import type { FieldFormat } from '../entities/formField';

/** The special characters a password must contain one of, and the only ones it may contain. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

/**
 * Every format as an anchored pattern. Decisions where spec 5 is silent:
 * - password: letters, digits and @$!%*?& only (the common pattern); a space or any other
 *   character makes it invalid, so the message's list of specials is the whole truth;
 * - email: local part of letters, digits and . _ % + -, a domain with a dot and a 2+ letter TLD;
 * - decimal: an optional minus, digits, then optionally a point and digits (no bare ".5" or "5.");
 * - url: http or https with a host and no whitespace.
 */
export const PATTERNS: Readonly<Record<FieldFormat, RegExp>> = Object.freeze({
  password: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  loginId: /^[a-z0-9_]{3,}$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  numeric: /^-?\d+$/,
  decimal: /^-?\d+(\.\d+)?$/,
  safetext: /^[A-Za-z0-9\-_\s:,]+$/,
  filename: /^[A-Za-z0-9_.-]+$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
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
