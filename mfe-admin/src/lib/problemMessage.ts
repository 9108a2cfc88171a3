// What a screen of the administration shows for a failed call: the API's own words (the problem
// `detail` of problem+json, e.g. the 402 licence message or a validation reason) when it gave
// them, else the catalogue message of the status (spec 8).
import { isApiError, UNKNOWN_ERROR_MESSAGE } from '@portal/shared';

export function problemMessage(error: unknown): string {
  if (isApiError(error)) {
    const detail = error.problem?.detail;
    return typeof detail === 'string' && detail.trim() !== '' ? detail : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}

/** The HTTP status of a failed call, when it has one. */
export function problemStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/**
 * The administration screens show every failure in place (next to the form or list it concerns),
 * so their calls skip the generic 'Error' notice dialog that would say the same thing twice.
 */
export const IN_PLACE_ERRORS = { notices: false } as const;
