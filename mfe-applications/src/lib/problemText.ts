// What a screen shows for a failed call: the API's own problem `detail` when it sent one ('Invalid
// app key', 'The SBOM is larger than the 64 MiB accepted.'), else the catalogue message of the
// status; and the per-field or per-path messages of a 400.
import { isApiError } from '@portal/shared';

export function problemText(error: unknown): string {
  if (isApiError(error)) {
    const detail = error.problem?.detail;
    return typeof detail === 'string' && detail.trim() !== '' ? detail : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The `errors: [{ field, message }]` of problem details (schema violations with their paths). */
export function problemFields(error: unknown): Array<{ field: string; message: string }> {
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
