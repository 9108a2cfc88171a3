import type { FieldRules } from '../../entities/formField';
import { validateField as validateRules } from '../../validation/fieldSchema';
import { MESSAGES } from '../../validation/messages';
import { looseField, type WizardField, type WizardFieldValidator } from './types';

/** A required flag (e.g. "recovery codes downloaded") counts as empty until it is true. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The default validator: the formats, bounds and messages of spec 5 for text and numbers. Values
 * of custom inputs (flags, lists, files) have no format; their checks belong to `validate`.
 */
export const specFieldValidator: WizardFieldValidator<unknown> = (value, rules) =>
  typeof value === 'string' || typeof value === 'number' ? validateRules(rules, value) : undefined;

export function rulesOf<V>(field: WizardField<V>): FieldRules {
  return looseField(field).rules ?? {};
}

/** The message a field shows for its current value, or undefined when it is valid. */
export function validateField<V>(
  field: WizardField<V>,
  values: V,
  validator: WizardFieldValidator<V>,
): string | undefined {
  const loose = looseField(field);
  const rules = loose.rules ?? {};
  const value = values[loose.name];
  if (isEmptyValue(value)) return rules.required ? MESSAGES.required : undefined;
  return validator(value, rules, values) ?? loose.validate?.(value, values);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Structural equality for form values: plain objects and arrays by content, dates by time,
 * anything else (files, class instances) by identity. Callers often pass a new but equal
 * `initialValues` object on every render, which must not count as a change.
 */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => valuesEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    // An absent key and an undefined one mean the same to a form.
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!valuesEqual(a[key], b[key])) return false;
    return true;
  }
  return false;
}
