// The error catalogue of spec 8. The API answers with these messages too (problem+json), so the
// browser and the server show the same words for the same status.

/** Status used for a request that got no answer at all (network failure). */
export const NETWORK_ERROR_STATUS = 999;

export const STATUS_MESSAGES: Readonly<Record<number, string>> = Object.freeze({
  [NETWORK_ERROR_STATUS]: 'Network issues. Please try again later.',
  400: 'Data is not valid.',
  401: 'Unauthorized.',
  // Two spaces before "Please": that is the catalogue's exact text.
  402: 'This function exceeds the current license configuration.  Please contact support if you have questions.',
  403: 'You do not have the privileges for the request.',
  404: 'The requested resource does not exist.',
  409: 'Data appears to be out-of-date. Please refresh your page and try again.',
  500: 'Unable to process your request. Please try again later.',
  501: 'Unable to process your request. Please try again later.',
  503: 'Service is not available at the moment. Please try again later.',
});

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error. Please try again later.';

/** The catalogue message of a status; no status at all is a network failure. */
export function messageForStatus(status: number | null | undefined): string {
  if (status === null || status === undefined || status === 0) return STATUS_MESSAGES[NETWORK_ERROR_STATUS];
  return STATUS_MESSAGES[status] ?? UNKNOWN_ERROR_MESSAGE;
}

/**
 * Messages a particular call uses in place of the catalogue: by status, and `other` for every
 * status not listed (network failures included).
 */
export interface SpecificMessages {
  readonly [status: number]: string | undefined;
  readonly other?: string;
}

export function resolveMessage(status: number, specific?: SpecificMessages): string {
  return specific?.[status] ?? specific?.other ?? messageForStatus(status);
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials. Please try again.';
export const UNABLE_TO_PROCESS_MESSAGE = STATUS_MESSAGES[500];

// Spec 8 has no words for 429: these are ours, shown by the screens and answered by the API.
/** Sign-in refused for a while: too many failed sign-ins of this account from this address. */
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';
/** Second factor or one-time code refused for a while: too many wrong codes for the account. */
export const TOO_MANY_CODES_MESSAGE = 'Too many invalid codes. Please wait 15 minutes and try again.';

export const SIGN_IN_MESSAGES: SpecificMessages = {
  401: INVALID_CREDENTIALS_MESSAGE,
  429: TOO_MANY_SIGN_INS_MESSAGE,
  // The UI moves to the expired-password screen on 403.
  403: 'Password expired. Please try again when updating password is supported.',
  other: 'Unable to process your login request. Please try again later.',
};

export const MFA_VERIFY_MESSAGES: SpecificMessages = { 401: 'Invalid code.', 429: TOO_MANY_CODES_MESSAGE };

export const PASSWORD_CHANGE_MESSAGES: SpecificMessages = { 401: INVALID_CREDENTIALS_MESSAGE, 429: TOO_MANY_SIGN_INS_MESSAGE };

export const FORGOT_PASSWORD_FAILURE_MESSAGE = 'Session expired. Please refresh your page and try again.';

export const OTP_RESET_MESSAGES: SpecificMessages = {
  401: 'Invalid one time code. Please try again.',
  429: TOO_MANY_CODES_MESSAGE,
  other: 'Reset Password Service is not available at the moment. Please try again later.',
};

export const MFA_SETUP_MESSAGES: SpecificMessages = {
  409: 'Two-factor code verification failed. Please try again.',
  other: UNABLE_TO_PROCESS_MESSAGE,
};

export const INVALID_INVITATION_MESSAGE = 'Invalid or expired invitation.';
// The spec only says the screen advises contacting the administrator; this wording is ours.
export const INVALID_INVITATION_ADVICE = 'Please contact your administrator for a new invitation.';

export const CONNECTION_ERROR_MESSAGE = 'Connection Error. Please try again later.';
export const INVALID_APP_KEY_MESSAGE = 'Invalid app key';
export const INQUIRY_FAILURE_MESSAGE = 'Unable to process your inquiry. Please try again later.';
/** An inquiry failure carries the response status, or this one when there is none. */
export const INQUIRY_FAILURE_DEFAULT_STATUS = 400;

export function newVersionMessage(product: string, version: string): string {
  return `New ${product} version ${version} is available.`;
}

/** RFC 9457 problem details, as the API answers errors (`application/problem+json`). */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  [extension: string]: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's problem details, kept for logs and screens that want the server's own words. */
  readonly problem: ProblemDetails | undefined;
  /** The raw error body when it was not problem details. */
  readonly body: unknown;

  constructor(status: number, message?: string, details: { problem?: ProblemDetails; body?: unknown } = {}) {
    super(message ?? messageForStatus(status));
    this.status = status;
    this.problem = details.problem;
    this.body = details.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The HTTP status carried by an error, if any (ApiError or any error with a numeric `status`). */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error;
  return typeof status === 'number' ? status : undefined;
}

// Notices (spec 8). An 'Error' notice dialog shows the error's message when its status is in the
// list of the request's method:
//   - GET, PUT and POST have their own lists (METHOD_NOTICE_STATUSES), which replace the default;
//   - every other method (PATCH, DELETE) uses DEFAULT_NOTICE_STATUSES;
//   - a call overrides both with `notices: number[]` (its own list) or `notices: false` (none).
// 401 is never in a list: it clears the session instead.
export const NOTICE_TITLE = 'Error';

export const DEFAULT_NOTICE_STATUSES: readonly number[] = Object.freeze([NETWORK_ERROR_STATUS, 400, 403, 404, 500, 501, 503]);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const METHOD_NOTICE_STATUSES: Readonly<Partial<Record<HttpMethod, readonly number[]>>> = Object.freeze({
  GET: Object.freeze([400, 402, 403, 404]),
  PUT: Object.freeze([NETWORK_ERROR_STATUS, 400, 402, 403, 404, 409, 500, 501, 503]),
  POST: Object.freeze([402, 503]),
});

export type NoticeOverride = readonly number[] | false;

export function showsNotice(method: HttpMethod, status: number, override?: NoticeOverride): boolean {
  if (override === false) return false;
  const list = override ?? METHOD_NOTICE_STATUSES[method] ?? DEFAULT_NOTICE_STATUSES;
  return list.includes(status);
}
