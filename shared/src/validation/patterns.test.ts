import * as v from 'valibot';
import { FORMAT_SCHEMAS, validateField } from './fieldSchema';
import { FORMAT_MESSAGES, MESSAGES } from './messages';
import { hasInjectionMarker, PASSWORD_MAX_LENGTH, PATTERNS } from './patterns';

// Each format: values it accepts and values it refuses (with the reason in the name).
const CASES = {
  password: {
    valid: [
      'aB3$efgh',
      'ZZzz11@@',
      'Abcdefg1&xyz?',
      // Issue 20: any character beyond the minimum is allowed.
      'Pässwörd1@',
      'Correct horse battery staple, 1 more time!',
      'Passw0rd# with spaces & more',
      'Ωmega-ωmega 1@',
      // Upper and lower case are Unicode's: no ASCII letter at all.
      'ΩΩΩωωω1@',
      // Common, but the format holds: the API refuses it as common (api/src/identity/common-passwords.ts).
      'Passw0rd!',
    ],
    invalid: {
      'too short': 'Ab1!xyz',
      'no upper case': 'passw0rd!',
      'no lower case': 'PASSW0RD!',
      'no digit': 'Password!',
      'no special character': 'Passw0rdX',
      'special outside @$!%*?& only': 'Password1#',
      'a space, no special character': 'Passw0rd x',
      'no upper case, even in Unicode': 'ωωωωωω1@',
    },
  },
  email: {
    valid: ['alice@example.com', 'a.b+tag@sub.example.co', 'x_y%z-1@ex-ample.org'],
    invalid: { 'no at': 'alice.example.com', 'no domain dot': 'alice@example', 'space': 'al ice@example.com', 'short tld': 'a@b.c' },
  },
  loginId: {
    valid: ['abc', 'alice_01', '___', '123'],
    invalid: { 'too short': 'ab', 'upper case': 'Alice', 'hyphen': 'al-ice', 'space': 'al ice' },
  },
  alphanumeric: {
    valid: ['abc', 'ABC123', '7'],
    invalid: { 'space': 'ab c', 'underscore': 'ab_c', 'accent': 'café' },
  },
  numeric: {
    valid: ['0', '123456', '-42', '000123'],
    invalid: { 'decimal point': '1.5', 'letter': '12a', 'plus sign': '+1', 'lone minus': '-' },
  },
  decimal: {
    valid: ['1', '-1', '3.14', '-0.5'],
    invalid: { 'letters': 'abc', 'two points': '1.2.3', 'trailing point': '5.', 'comma': '1,5' },
  },
  safetext: {
    valid: ['Hello world', 'a-b_c: d, e', 'Line\twith tab'],
    invalid: { 'angle bracket': '<b>', 'semicolon': 'a;b', 'quote': 'it"s', 'period': 'end.' },
  },
  filename: {
    valid: ['report.pdf', 'my-file_v1.2.txt', '.env'],
    invalid: { 'space': 'my file.txt', 'slash': 'a/b.txt', 'colon': 'c:file' },
  },
  url: {
    valid: ['https://example.com', 'http://localhost:8080/path?q=1', 'HTTPS://EXAMPLE.COM/a#b'],
    invalid: { 'no scheme': 'example.com', 'ftp scheme': 'ftp://example.com', 'space': 'https://exa mple.com', 'no host': 'https://' },
  },
} as const;

describe.each(Object.entries(CASES))('%s format', (format, { valid, invalid }) => {
  const key = format as keyof typeof PATTERNS;

  it.each(valid)('accepts %p', (value) => {
    expect(PATTERNS[key].test(value)).toBe(true);
    expect(v.safeParse(FORMAT_SCHEMAS[key], value).success).toBe(true);
  });

  it.each(Object.entries(invalid))('refuses %s (%p) with its message', (_reason, value) => {
    expect(PATTERNS[key].test(value)).toBe(false);
    const result = v.safeParse(FORMAT_SCHEMAS[key], value);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe(FORMAT_MESSAGES[key]);
  });
});

describe('password length', () => {
  const longest = (length: number) => `Aa1@${'x'.repeat(length - 4)}`;

  it(`accepts ${PASSWORD_MAX_LENGTH} characters, a 40-character passphrase and counts code points, not UTF-16 units`, () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(128);
    expect(v.safeParse(FORMAT_SCHEMAS.password, longest(PASSWORD_MAX_LENGTH)).success).toBe(true);
    expect(v.safeParse(FORMAT_SCHEMAS.password, 'Forty characters of a passphrase: 1 @ok!'.slice(0, 40)).success).toBe(true);
    // 8 code points, 12 UTF-16 units: long enough; 7 code points are not.
    expect(PATTERNS.password.test('Aa1@😀😀😀😀')).toBe(true);
    expect(PATTERNS.password.test('Aa1@😀😀😀')).toBe(false);
  });

  it('refuses one character more with the maximum-length message, in the format schema and in a field rule', () => {
    const tooLong = longest(PASSWORD_MAX_LENGTH + 1);
    expect(v.safeParse(FORMAT_SCHEMAS.password, tooLong).issues?.[0].message).toBe(MESSAGES.maxLength(PASSWORD_MAX_LENGTH));
    expect(validateField({ required: true, format: 'password' }, tooLong)).toBe(MESSAGES.maxLength(PASSWORD_MAX_LENGTH));
    expect(validateField({ required: true, format: 'password', max: 10_000 }, tooLong)).toBe(MESSAGES.maxLength(PASSWORD_MAX_LENGTH));
    expect(validateField({ required: true, format: 'password' }, longest(PASSWORD_MAX_LENGTH))).toBeUndefined();
  });
});

describe('script-injection markers', () => {
  it.each(['javascript:alert(1)', 'JavaScript:void(0)', 'x dangerouslySetInnerHTML y', 'DANGEROUSLYSETINNERHTML'])(
    'detects %p',
    (text) => expect(hasInjectionMarker(text)).toBe(true),
  );

  it.each(['java script', 'javascript', 'innerHTML'])('ignores %p', (text) => expect(hasInjectionMarker(text)).toBe(false));

  it('makes a format schema answer Invalid input.', () => {
    const result = v.safeParse(FORMAT_SCHEMAS.url, 'javascript:alert(1)');
    expect(result.issues?.[0].message).toBe('Invalid input.');
  });
});
