// What a screen shows for a failed call: the API's own problem `detail` when it sent one (e.g. 'A
// requirement with sub-requirements cannot be deleted.' or the 402 licence message), else the
// catalogue message of the status.
import { isApiError } from '@portal/shared';

export function problemText(error: unknown): string {
  if (isApiError(error)) {
    const detail = error.problem?.detail;
    return typeof detail === 'string' && detail.trim() !== '' ? detail : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The field messages of a 400 answer (`errors: [{ field, message }]` of the problem details). */
export function problemFields(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const errors = error.problem?.errors;
  if (!Array.isArray(errors)) return {};
  const fields: Record<string, string> = {};
  for (const entry of errors as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string') fields[field] = message;
  }
  return fields;
}
