// What a screen shows for a failed call: the API's own problem `detail` when it sent one (e.g. the
// 402 licence message or a validation reason), else the catalogue message of the status.
import { isApiError } from '@portal/shared';

export function problemText(error: unknown): string {
  if (isApiError(error)) {
    const detail = error.problem?.detail;
    return typeof detail === 'string' && detail.trim() !== '' ? detail : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
