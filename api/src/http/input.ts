// Checking what a screen sends, field by field with its spec 5 message, all of them before the
// first is answered (400 naming the field).
import { firstMessage, hasInjectionMarker, MESSAGES } from '@portal/shared/server';
import { ApiProblem } from './problem';

export const NOT_A_DATE = 'Must be a date (YYYY-MM-DD).';
export const NOT_A_PROGRESS = 'Must be a whole number from 0 to 100.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** 400 with the first field's message (and every field's), when there is any. */
export function refuse(errors: Record<string, string>): void {
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
}

/** A text field: trimmed (when asked), within bounds, without script-injection markers. */
export function textField(
  errors: Record<string, string>,
  field: string,
  value: unknown,
  { required = false, max, trim = true }: { required?: boolean; max: number; trim?: boolean },
): string | undefined {
  if (value === undefined || value === null) {
    if (required) errors[field] = MESSAGES.required;
    return undefined;
  }
  if (typeof value !== 'string') {
    errors[field] = MESSAGES.invalidInput;
    return undefined;
  }
  const result = trim ? value.trim() : value;
  if (required && result.trim() === '') errors[field] = MESSAGES.required;
  else if (hasInjectionMarker(result)) errors[field] = MESSAGES.invalidInput;
  else if ([...result].length > max) errors[field] = MESSAGES.maxLength(max);
  else return result;
  return undefined;
}

export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A 'YYYY-MM-DD' date field; null clears it. */
export function dateField(errors: Record<string, string>, field: string, value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!isDate(value)) {
    errors[field] = NOT_A_DATE;
    return undefined;
  }
  return value;
}

export function parseProgress(body: unknown): number {
  const progress = (body as { progress?: unknown } | null)?.progress;
  if (progress === undefined || progress === null) throw new ApiProblem(400, MESSAGES.required, {}, { progress: MESSAGES.required });
  if (typeof progress !== 'number' || !Number.isInteger(progress) || progress < 0 || progress > 100) {
    throw new ApiProblem(400, NOT_A_PROGRESS, {}, { progress: NOT_A_PROGRESS });
  }
  return progress;
}

/** The spec 5 message of each invalid field, by field name; empty when all are valid. */
export function fieldErrors<K extends string>(
  fields: Readonly<Record<K, Parameters<typeof firstMessage>[0]>>,
  values: Readonly<Record<K, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(fields) as K[]) {
    const message = firstMessage(fields[name], values[name]);
    if (message !== undefined) errors[name] = message;
  }
  return errors;
}
