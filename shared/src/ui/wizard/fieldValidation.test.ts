import { isEmptyValue, specFieldValidator, validateField, valuesEqual } from './fieldValidation';
import type { WizardField } from './types';

interface Values {
  name: string;
  repeat: string;
}

describe('isEmptyValue', () => {
  it.each([undefined, null, '', '   ', false, []])('treats %p as empty', (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });
  it.each(['a', 0, true, ['x'], {}])('treats %p as filled', (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });
});

describe('validateField', () => {
  const name: WizardField<Values> = { name: 'name', label: 'Name', rules: { required: true, format: 'safetext' } };
  const repeat: WizardField<Values> = {
    name: 'repeat',
    label: 'Repeat',
    validate: (value, values) => (value === values.name ? undefined : 'The passwords must be the same.'),
  };
  const validator = jest.fn((value: unknown) => (String(value).includes('<') ? 'No special characters are allowed.' : undefined));

  it("reports 'Required.' for an empty required field without asking the validator", () => {
    expect(validateField(name, { name: ' ', repeat: '' }, validator)).toBe('Required.');
    expect(validator).not.toHaveBeenCalled();
  });

  it('passes non-empty values and their rules to the validator', () => {
    expect(validateField(name, { name: '<b>', repeat: '' }, validator)).toBe('No special characters are allowed.');
    expect(validator).toHaveBeenCalledWith('<b>', { required: true, format: 'safetext' }, { name: '<b>', repeat: '' });
  });

  it("runs the field's own check after the validator, and skips empty optional fields", () => {
    expect(validateField(repeat, { name: 'a', repeat: 'b' }, validator)).toBe('The passwords must be the same.');
    expect(validateField(repeat, { name: 'a', repeat: 'a' }, validator)).toBeUndefined();
    expect(validateField(repeat, { name: 'a', repeat: '' }, validator)).toBeUndefined();
  });
});

describe('specFieldValidator', () => {
  it('checks text and numbers against the rules of spec 5', () => {
    expect(specFieldValidator('nobody', { format: 'email' }, {})).toBe('Invalid email format.');
    expect(specFieldValidator('3', { format: 'numeric', min: 5 }, {})).toBe('Minimum value is 5.');
    expect(specFieldValidator('javascript:alert(1)', {}, {})).toBe('Invalid input.');
    expect(specFieldValidator('a@example.com', { format: 'email' }, {})).toBeUndefined();
  });

  it('leaves values of custom inputs to their own checks', () => {
    expect(specFieldValidator(true, { format: 'email' }, {})).toBeUndefined();
  });
});

describe('valuesEqual', () => {
  it('compares plain objects and arrays by content', () => {
    expect(valuesEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(valuesEqual({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
    expect(valuesEqual({ a: undefined }, {})).toBe(true);
  });

  it('compares dates by time and other objects by identity', () => {
    expect(valuesEqual(new Date(5), new Date(5))).toBe(true);
    const file = new Blob(['x']);
    expect(valuesEqual(file, file)).toBe(true);
    expect(valuesEqual(new Blob(['x']), new Blob(['x']))).toBe(false);
  });
});
