// Field checks of the administration forms with the rules and messages of spec 5
// (shared/src/validation): the first message of each invalid field, by field name.
import { validateField, type FieldRules, type FieldValue } from '@portal/shared';

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

export function fieldErrors<V extends Record<string, unknown>>(rules: Partial<Record<keyof V & string, FieldRules>>, values: V): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const name of Object.keys(rules) as (keyof V & string)[]) {
    const value = values[name];
    const message = validateField(rules[name] ?? {}, typeof value === 'number' ? value : (value as FieldValue));
    if (message) errors[name] = message;
  }
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
