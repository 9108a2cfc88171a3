import * as v from 'valibot';
import { fieldSchema, validateField } from './fieldSchema';

describe('fieldSchema / validateField', () => {
  it('Required. for empty, blank, null and undefined values of a required field', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(validateField({ required: true }, value)).toBe('Required.');
    }
    expect(validateField({ required: true }, 'x')).toBeUndefined();
  });

  it('accepts an empty optional field whatever its format and bounds', () => {
    expect(validateField({ format: 'email', min: 3 }, '')).toBeUndefined();
    expect(validateField({ format: 'numeric', min: 5 }, undefined)).toBeUndefined();
  });

  it('Invalid input. for injection markers, before the format message', () => {
    expect(validateField({}, 'click javascript:alert(1)')).toBe('Invalid input.');
    expect(validateField({ format: 'url' }, 'JAVASCRIPT:alert(1)')).toBe('Invalid input.');
    expect(validateField({ format: 'safetext' }, '<div dangerouslySetInnerHTML>')).toBe('Invalid input.');
  });

  it('gives the format message', () => {
    expect(validateField({ format: 'email' }, 'nope')).toBe('Invalid email format.');
    expect(validateField({ format: 'loginId', required: true }, 'AB')).toBe(
      'At least 3 characters, lowercase, numeric and _ only.',
    );
  });

  it('bounds numeric and decimal values', () => {
    expect(validateField({ format: 'numeric', min: 1, max: 10 }, '0')).toBe('Minimum value is 1.');
    expect(validateField({ format: 'numeric', min: 1, max: 10 }, 11)).toBe('Maximum value is 10.');
    expect(validateField({ format: 'numeric', min: 1, max: 10 }, '10')).toBeUndefined();
    expect(validateField({ format: 'decimal', min: 0.5 }, '0.25')).toBe('Minimum value is 0.5.');
    expect(validateField({ format: 'decimal', max: 2.5 }, '2.75')).toBe('Maximum value is 2.5.');
  });

  it('gives the format message, not a bound, for a number that is not a number', () => {
    expect(validateField({ format: 'numeric', min: 1 }, 'abc')).toBe('Numbers only.');
  });

  it('bounds text by its number of characters', () => {
    expect(validateField({ min: 3 }, 'ab')).toBe('Must have at least 3 characters.');
    expect(validateField({ max: 3 }, 'abcd')).toBe('Must have no more than 3 characters.');
    expect(validateField({ min: 3, max: 3 }, 'abc')).toBeUndefined();
    // Characters, not UTF-16 units: one emoji is one character.
    expect(validateField({ max: 1 }, '🙂')).toBeUndefined();
    expect(validateField({ format: 'safetext', min: 2 }, 'a')).toBe('Must have at least 2 characters.');
  });

  it('Invalid input. for a value that is neither text nor number', () => {
    expect(validateField({}, { toString: () => 'x' } as unknown as string)).toBe('Invalid input.');
  });

  it('outputs the field text', () => {
    expect(v.parse(fieldSchema({ format: 'numeric' }), 42)).toBe('42');
    expect(v.parse(fieldSchema(), null)).toBe('');
  });
});
