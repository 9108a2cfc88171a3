// Validation messages of spec 5, word for word.
import type { FieldFormat } from '../entities/formField';

export const FORMAT_MESSAGES: Readonly<Record<FieldFormat, string>> = Object.freeze({
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

export const MESSAGES = Object.freeze({
  required: 'Required.',
  invalidInput: 'Invalid input.',
  format: FORMAT_MESSAGES,
  /** numeric/decimal lower bound */
  minValue: (n: number): string => `Minimum value is ${n}.`,
  /** numeric/decimal upper bound */
  maxValue: (n: number): string => `Maximum value is ${n}.`,
  /** text lower bound, in characters */
  minLength: (n: number): string => `Must have at least ${n} characters.`,
  /** text upper bound, in characters */
  maxLength: (n: number): string => `Must have no more than ${n} characters.`,
  initialValuesChanged: 'The form is no longer valid for initial values have changed.',
  samePassword: 'New password cannot be the same as current password.',
  passwordMismatch: 'The passwords must be the same.',
  /**
   * Ours (spec 5 has none): a new password among the most common ones. Only the API checks it
   * (the list stays on the server); forms show it at the password field.
   */
  commonPassword: 'This password is too common: it is among the 10,000 most used passwords. Please choose another one.',
});
