import { FORMAT_MESSAGES, MESSAGES } from './messages';

describe('validation messages (spec 5)', () => {
  it('has the format messages word for word', () => {
    expect(FORMAT_MESSAGES).toEqual({
      password: 'At least 8 characters and must have uppercase, lowercase, number and special character (@$!%*?&).',
      email: 'Invalid email format.',
      loginId: 'At least 3 characters, lowercase, numeric and _ only.',
      alphanumeric: 'Alphabets and numbers only.',
      numeric: 'Numbers only.',
      decimal: 'Numbers only.',
      safetext: 'No special characters are allowed.',
      filename: 'Alphabets, numbers, hyphen, underscore and period only. No blank spaces.',
      url: 'Invalid URL format.',
    });
    expect(MESSAGES.format).toBe(FORMAT_MESSAGES);
  });

  it('has the other messages word for word', () => {
    expect(MESSAGES.required).toBe('Required.');
    expect(MESSAGES.invalidInput).toBe('Invalid input.');
    expect(MESSAGES.minValue(6)).toBe('Minimum value is 6.');
    expect(MESSAGES.maxValue(10)).toBe('Maximum value is 10.');
    expect(MESSAGES.minLength(3)).toBe('Must have at least 3 characters.');
    expect(MESSAGES.maxLength(255)).toBe('Must have no more than 255 characters.');
    expect(MESSAGES.initialValuesChanged).toBe('The form is no longer valid for initial values have changed.');
    expect(MESSAGES.samePassword).toBe('New password cannot be the same as current password.');
    expect(MESSAGES.passwordMismatch).toBe('The passwords must be the same.');
  });
});
