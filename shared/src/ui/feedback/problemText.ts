// What a screen shows for a failed call: the API's own words (the problem `detail` of
// problem+json: 'A requirement with sub-requirements cannot be deleted.', 'Invalid app key', the
// 402 licence message) when it gave them, else the catalogue message of the status (spec 8); and
// the per-field messages of a refused payload.
import { isApiError, UNKNOWN_ERROR_MESSAGE } from '../../api/errors';

export function problemText(error: unknown): string {
  if (isApiError(error)) {
    const detail = error.problem?.detail;
    return typeof detail === 'string' && detail.trim() !== '' ? detail : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}

export interface ProblemField {
  field: string;
  message: string;
}

/** The `errors: [{ field, message }]` of problem details (a 400's fields or schema paths), in order. */
export function problemFields(error: unknown): ProblemField[] {
  if (!isApiError(error)) return [];
  const errors = error.problem?.errors;
  if (!Array.isArray(errors)) return [];
  return (errors as unknown[]).flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, message } = entry as { field?: unknown; message?: unknown };
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/** The same messages keyed by field, for forms. */
export function problemFieldMap(error: unknown): Record<string, string> {
  return Object.fromEntries(problemFields(error).map(({ field, message }) => [field, message]));
}
