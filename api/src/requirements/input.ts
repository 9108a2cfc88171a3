// Checking what a requirement screen sends (docs/requirements-api.md): each field with its spec 5
// message, all of them before the first is answered (400 naming the field). No database here: the
// checks that read it (parent, owner, code taken, version) are the service's, in the transaction.
import { hasInjectionMarker, MESSAGES, REQUIREMENT_PRIORITIES, type RequirementInput, type RequirementPriority } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';

export const NOT_A_PRIORITY = `Must be one of ${REQUIREMENT_PRIORITIES.join(', ')}.`;
export const NOT_A_DATE = 'Must be a date (YYYY-MM-DD).';
export const NOT_A_PROGRESS = 'Must be a whole number from 0 to 100.';
export const MAX_TAGS = 20;

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

/** The fields a request sent, checked: the contract's RequirementInput, each field optional (a patch). */
export type ParsedInput = Partial<RequirementInput>;

/** Checks a RequirementInput; `partial` (Modify) leaves absent fields as they are. */
export function parseRequirementInput(body: unknown, partial: boolean): ParsedInput {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const parsed: ParsedInput = {};
  if (input.code !== undefined && input.code !== null && input.code !== '') {
    const code = textField(errors, 'code', input.code, { max: 64 });
    if (code !== undefined) {
      if (code === '') errors.code = MESSAGES.required;
      else if (/[\u0000-\u001f\u007f]/.test(code)) errors.code = MESSAGES.invalidInput;
      else parsed.code = code;
    }
  } else if (partial && (input.code === null || input.code === '')) errors.code = MESSAGES.required;
  if (!partial || input.title !== undefined) parsed.title = textField(errors, 'title', input.title, { required: true, max: 500 });
  if (input.description !== undefined) {
    parsed.description = textField(errors, 'description', input.description ?? '', { max: 100000, trim: false });
  }
  if (input.parent_id !== undefined) {
    if (input.parent_id === null || input.parent_id === '') parsed.parent_id = null;
    else if (isUuid(input.parent_id)) parsed.parent_id = input.parent_id;
    else errors.parent_id = MESSAGES.invalidInput;
  }
  if (input.priority !== undefined) {
    if (typeof input.priority === 'string' && (REQUIREMENT_PRIORITIES as readonly string[]).includes(input.priority)) {
      parsed.priority = input.priority as RequirementPriority;
    } else errors.priority = NOT_A_PRIORITY;
  }
  if (input.owner_id !== undefined) {
    if (input.owner_id === null || input.owner_id === '') parsed.owner_id = null;
    else if (isUuid(input.owner_id)) parsed.owner_id = input.owner_id;
    else errors.owner_id = MESSAGES.invalidInput;
  }
  const due = dateField(errors, 'due_date', input.due_date);
  if (due !== undefined) parsed.due_date = due;
  if (input.tags !== undefined && input.tags !== null) {
    if (!Array.isArray(input.tags)) errors.tags = MESSAGES.invalidInput;
    else {
      const tags: string[] = [];
      for (const [index, tag] of input.tags.entries()) {
        const value = textField(errors, `tags.${index}`, tag, { required: true, max: 50 });
        if (value !== undefined && !tags.includes(value)) tags.push(value);
      }
      if (tags.length > MAX_TAGS) errors.tags = `At most ${MAX_TAGS} tags.`;
      parsed.tags = tags;
    }
  } else if (input.tags === null) parsed.tags = [];
  if (input.source !== undefined) {
    const source = input.source === null ? null : textField(errors, 'source', input.source, { max: 255 });
    if (source !== undefined) parsed.source = source === '' ? null : source;
  }
  refuse(errors);
  return parsed;
}

export function parseProgress(body: unknown): number {
  const progress = (body as { progress?: unknown } | null)?.progress;
  if (progress === undefined || progress === null) throw new ApiProblem(400, MESSAGES.required, {}, { progress: MESSAGES.required });
  if (typeof progress !== 'number' || !Number.isInteger(progress) || progress < 0 || progress > 100) {
    throw new ApiProblem(400, NOT_A_PROGRESS, {}, { progress: NOT_A_PROGRESS });
  }
  return progress;
}
