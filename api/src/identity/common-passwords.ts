// The most common passwords, refused whenever a password is set (issue 20): the list of the
// maintained zxcvbn-ts project (@zxcvbn-ts/language-common, MIT), ranked from the most used. It
// stays on the server: the browser's bundles never carry it.
import { MESSAGES } from '@portal/shared/server';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the list's most used passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

// The special characters the spec's rule asks for; see isCommonPassword.
const SPECIAL_ENDS = /^[@$!%*?&]+|[@$!%*?&]+$/g;

let common: ReadonlySet<string> | undefined;

/** The refused passwords, lower case (the package decompresses its list when loaded: ~70 ms at start). */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()));
  return common;
}

/**
 * Whether a password is one of the most common, ignoring case. The list comes from leaks of
 * sites that mostly asked for no special character (2 of its first 10,000 have one of @$!%*?&),
 * and the commonest way to satisfy the spec's rule is to put one at an end of a common password:
 * such a password ('Passw0rd!') counts as the one without it ('passw0rd').
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  return list.has(lower) || list.has(lower.replace(SPECIAL_ENDS, ''));
}

/**
 * Adds the common-password refusal to a form's errors: for `field`, when its value has no other
 * error and is common. Answers `errors`.
 */
export function refuseCommonPassword(errors: Record<string, string>, field: string, password: unknown): Record<string, string> {
  if (errors[field] === undefined && typeof password === 'string' && isCommonPassword(password)) {
    errors[field] = MESSAGES.commonPassword;
  }
  return errors;
}
