// Checking what a requirement screen sends (docs/requirements-api.md): each field with its spec 5
// message, all of them before the first is answered (400 naming the field). No database here: the
// checks that read it (parent, owner, code taken, version) are the service's, in the transaction.
import { MESSAGES, REQUIREMENT_PRIORITIES, type RequirementInput, type RequirementPriority } from '@portal/shared/server';
import { dateField, isDate, isUuid, NOT_A_DATE, NOT_A_PROGRESS, parseProgress, refuse, textField } from '../http/input';

export { dateField, isDate, isUuid, NOT_A_DATE, NOT_A_PROGRESS, parseProgress, refuse, textField };

export const NOT_A_PRIORITY = `Must be one of ${REQUIREMENT_PRIORITIES.join(', ')}.`;
export const MAX_TAGS = 20;

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
      // oxlint-disable-next-line no-control-regex -- a code is refused when it holds a control character
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
