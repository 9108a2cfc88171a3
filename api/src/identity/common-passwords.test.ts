// @backend-agnostic: pure functions; no table is read or written.
import { FORMAT_MESSAGES, PATTERNS } from '@portal/shared/server';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';

// Issue 20 finding 10, with the spec's minimum in front (shared PATTERNS.password).
const allowed = (password: string) => PATTERNS.password.test(password) && !isCommonPassword(password);

describe('the password rule with the issue examples', () => {
  it.each(['P@ssw0rd', 'Passw0rd!'])('refuses %p as common, though it has the spec\'s minimum', (password) => {
    expect(PATTERNS.password.test(password)).toBe(true);
    expect(isCommonPassword(password)).toBe(true);
    expect(allowed(password)).toBe(false);
  });

  it.each([
    'Pässwörd1@',
    // A 40-character passphrase, a space, other symbols.
    'Correct horse battery staple, 1 more try!',
    'My dog #1 sleeps @ noon',
  ])('accepts %p', (password) => expect(allowed(password)).toBe(true));

  it("keeps 'Password1#' refused by the minimum: '#' is none of @$!%*?&", () => {
    expect(PATTERNS.password.test('Password1#')).toBe(false);
    expect(FORMAT_MESSAGES.password).toContain('(@$!%*?&)');
  });
});

describe('isCommonPassword', () => {
  it(`holds the ${COMMON_PASSWORD_COUNT.toLocaleString('en-US')} most common passwords of the list, ignoring case`, () => {
    // The first, and one near the end of the 10,000 (rank 6,919 of @zxcvbn-ts/language-common 4.1.3).
    for (const password of ['123456', 'PASSWORD', 'p@ssw0rd', 'P@SSW0RD']) expect(isCommonPassword(password)).toBe(true);
  });

  it('counts a common password with @$!%*?& added at either end as that password', () => {
    for (const password of ['Password1!', '!Qwerty123', 'Dragon1!!', 'Iloveyou1&', '*Letmein1*']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('leaves alone what only looks like a common password', () => {
    for (const password of ['Str0ng!Pass', 'N3w!Passw0rd', 'Password1#x', 'Demo@2026', 'Passw0rd!Tr0ub4dor']) {
      expect(isCommonPassword(password)).toBe(false);
    }
  });

  it('compares passwords in NFKC, as they are hashed', () => {
    // Full-width letters are the ASCII ones in NFKC.
    expect(isCommonPassword('Ｐ@ssw0rd')).toBe(true);
  });
});
