import { MESSAGES, validateField, type FieldRules } from '@portal/shared';

export interface InitializationValues {
  organization: string;
  name: string;
  login_id: string;
  email: string;
  password: string;
  repeat_password: string;
}

export const EMPTY_INITIALIZATION: InitializationValues = {
  organization: '',
  name: '',
  login_id: '',
  email: '',
  password: '',
  repeat_password: '',
};

export const INITIALIZATION_FIELDS: { name: keyof InitializationValues; label: string; rules: FieldRules; password?: boolean }[] = [
  { name: 'organization', label: 'Organization name', rules: { required: true, format: 'safetext' } },
  { name: 'name', label: 'Name', rules: { required: true } },
  { name: 'login_id', label: 'Login ID', rules: { required: true, format: 'loginId' } },
  { name: 'email', label: 'Email', rules: { required: true, format: 'email' } },
  { name: 'password', label: 'Password', rules: { required: true, format: 'password' }, password: true },
  { name: 'repeat_password', label: 'Repeat password', rules: { required: true }, password: true },
];

/** The first message of each invalid field (spec 5 rules and messages). */
export function initializationErrors(values: InitializationValues): Partial<Record<keyof InitializationValues, string>> {
  const errors: Partial<Record<keyof InitializationValues, string>> = {};
  for (const field of INITIALIZATION_FIELDS) {
    const message = validateField(field.rules, values[field.name]);
    if (message) errors[field.name] = message;
  }
  if (!errors.repeat_password && values.repeat_password !== values.password) errors.repeat_password = MESSAGES.passwordMismatch;
  return errors;
}
