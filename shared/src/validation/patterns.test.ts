import * as v from 'valibot';
import { FORMAT_SCHEMAS } from './fieldSchema';
import { FORMAT_MESSAGES } from './messages';
import { hasInjectionMarker, PATTERNS } from './patterns';

// Each format: values it accepts and values it refuses (with the reason in the name).
const CASES = {
  password: {
    valid: ['Passw0rd!', 'aB3$efgh', 'ZZzz11@@', 'Abcdefg1&xyz?'],
    invalid: {
      'too short': 'Ab1!xyz',
      'no upper case': 'passw0rd!',
      'no lower case': 'PASSW0RD!',
      'no digit': 'Password!',
      'no special character': 'Passw0rdX',
      'special outside @$!%*?&': 'Passw0rd#',
      'contains a space': 'Passw0rd! x',
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
