// The API client of spec 7/8. Every package calls the API through it, so the base path,
// credentials, authorization, payload cleaning, the graph parameter and the error behaviour
// (catalogue message, notice, global handler, 401, client-side 403) are the same everywhere.
import { bus } from '../bus/bus';
import { API_BASE_PATH } from '../constants';
import type { KnownPermissionCheck } from '../permissions/catalogue';
import { isPermitted } from '../permissions/checker';
import { sessionStore } from '../session/sessionStore';
import {
  ApiError,
  NETWORK_ERROR_STATUS,
  resolveMessage,
  showsNotice,
  type HttpMethod,
  type NoticeOverride,
  type ProblemDetails,
  type SpecificMessages,
} from './errors';
import { announceNotice } from './notices';
import { CSRF_HEADER, CSRF_HEADER_VALUE, dropNullFields, queryString, type QueryParams } from './payload';

export interface RequestOptions {
  /** GET parameters (any method may send them); null/undefined values are left out. */
  params?: QueryParams;
  /**
   * The `graph` query parameter of project-scoped calls: a process code name (lowercased here),
   * or `true` for the current process of the session store. Left out when absent, or when `true`
   * and no process is selected.
   */
  graph?: string | true;
  /** Statuses that show the 'Error' notice for this call, or false for none (see errors.ts). */
  notices?: NoticeOverride;
  /** Messages used instead of the catalogue's (e.g. SIGN_IN_MESSAGES). */
  messages?: SpecificMessages;
  /**
   * Keep the session on a 401: for calls whose 401 means "wrong code or password" while signing
   * in (sign in, MFA verify), not "your session is gone".
   */
  preserveSessionOn401?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface MutationOptions extends RequestOptions {
  /** The permission the mutation needs; denied by the permission checker → ApiError 403, no request. */
  permission?: KnownPermissionCheck;
}

export interface ApiRequestInfo {
  method: HttpMethod;
  path: string;
}

export type ApiErrorHandler = (error: ApiError, request: ApiRequestInfo) => void;

export interface ApiClientConfig {
  baseUrl: string;
}

const config: ApiClientConfig = { baseUrl: API_BASE_PATH };
let errorHandler: ApiErrorHandler | null = null;

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  if (next.baseUrl !== undefined) config.baseUrl = next.baseUrl.replace(/\/+$/, '');
}

export function getApiClientConfig(): Readonly<ApiClientConfig> {
  return { ...config };
}

/** Every API error is passed here after its notice and before the call rejects; null removes it. */
export function setApiErrorHandler(handler: ApiErrorHandler | null): void {
  errorHandler = handler;
}

function graphParam(graph: RequestOptions['graph']): string | undefined {
  if (graph === true) return sessionStore.currentGraph();
  return graph ? graph.toLowerCase() : undefined;
}

/** The URL of a call: paths are relative to the base; absolute URLs are used as they are. */
export function buildUrl(path: string, options: Pick<RequestOptions, 'params' | 'graph'> = {}): string {
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(path) ? path : `${config.baseUrl}/${path.replace(/^\/+/, '')}`;
  const graph = graphParam(options.graph);
  const query = queryString({ ...options.params, ...(graph === undefined ? {} : { graph }) });
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function isJson(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (!isJson(response)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isProblem(contentType: string | null, body: unknown): body is ProblemDetails {
  return /application\/problem\+json/i.test(contentType ?? '') && typeof body === 'object' && body !== null;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

function report(error: ApiError, request: ApiRequestInfo, options: RequestOptions): ApiError {
  if (error.status === 401 && !options.preserveSessionOn401) {
    const { session, token } = sessionStore.getState();
    sessionStore.clearSession();
    // Only a session that existed is announced, so a 401 while signed out does not loop.
    if (session !== null || token !== null) bus.emit('session:cleared', { reason: 'unauthorized' });
  }
  if (showsNotice(request.method, error.status, options.notices)) announceNotice(error);
  if (errorHandler) {
    try {
      errorHandler(error, request);
    } catch (handlerError) {
      // A failing handler must not replace the API error the caller is waiting for.
      console.error('API error handler failed', handlerError);
    }
  }
  return error;
}

function requestBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  const passThrough =
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer;
  if (passThrough) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(dropNullFields(body));
}

/**
 * What every call does before it is sent: the client-side permission check of a mutation, then
 * the headers (Accept, the CSRF header on state-changing calls, the bearer token).
 */
function prepare(method: HttpMethod, info: ApiRequestInfo, options: MutationOptions): Headers {
  if (method !== 'GET' && options.permission !== undefined && !isPermitted(options.permission)) {
    throw report(new ApiError(403, resolveMessage(403, options.messages)), info, options);
  }
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  // CSRF defence with SameSite cookies: a page on another site cannot send this header without
  // a CORS preflight, and the API refuses state-changing calls without it.
  if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  const token = sessionStore.getState().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function networkFailure(error: unknown, info: ApiRequestInfo, options: RequestOptions): ApiError {
  return report(new ApiError(NETWORK_ERROR_STATUS, resolveMessage(NETWORK_ERROR_STATUS, options.messages), { body: error }), info, options);
}

/** The ApiError of an answer that is not 2xx: the catalogue message, the problem details kept. */
function failureOf(status: number, contentType: string | null, payload: unknown, info: ApiRequestInfo, options: RequestOptions): ApiError {
  const problem = isProblem(contentType, payload) ? payload : undefined;
  const error = new ApiError(status, resolveMessage(status, options.messages), { problem, body: problem ? undefined : payload });
  return report(error, info, options);
}

/** Sends a call and answers its Response when it is 2xx; every failure is reported and thrown. */
async function send(method: HttpMethod, path: string, body: unknown, options: MutationOptions = {}): Promise<Response> {
  const info: ApiRequestInfo = { method, path };
  const headers = prepare(method, info, options);
  const init: RequestInit = {
    method,
    headers,
    credentials: 'include',
    body: requestBody(body, headers),
    signal: options.signal,
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), init);
  } catch (error) {
    // A cancelled request (react-query cancelling a query) is not a failure to report.
    if (isAbort(error)) throw error;
    throw networkFailure(error, info, options);
  }
  if (response.ok) return response;

  let payload: unknown;
  try {
    payload = await readBody(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkFailure(error, info, options);
  }
  throw failureOf(response.status, response.headers.get('content-type'), payload, info, options);
}

async function request<T>(method: HttpMethod, path: string, body: unknown, options: MutationOptions = {}): Promise<T> {
  const response = await send(method, path, body, options);
  try {
    return (await readBody(response)) as T;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkFailure(error, { method, path }, options);
  }
}

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send (0 when the browser cannot tell). */
  total: number;
}

export interface UploadOptions extends MutationOptions {
  /** POST unless the route takes the file with PUT. */
  method?: 'POST' | 'PUT';
  /** Called as the bytes go out, and once with everything sent when the API has answered. */
  onProgress?: (progress: UploadProgress) => void;
}

/** The API's words for a body over its route's limit (they name the limit), else this. */
export const UPLOAD_TOO_LARGE_MESSAGE = 'The file is larger than the server accepts.';

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** The rejection of a cancelled call or upload, which callers ignore rather than show. */
export function isAbortError(error: unknown): boolean {
  return isAbort(error);
}

/**
 * A file upload: XMLHttpRequest, because its `upload` reports progress and fetch's does not. It
 * is sent and fails as every other call: the same permission check, headers, CSRF and
 * credentials, the catalogue's messages, notices and error handler, and a 401 clears the session.
 * `signal` cancels it (the promise rejects with an AbortError, unreported).
 */
function upload<T>(path: string, body: FormData | Blob, options: UploadOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const info: ApiRequestInfo = { method, path };
  return new Promise<T>((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    let headers: Headers;
    try {
      headers = prepare(method, info, options);
    } catch (error) {
      reject(error);
      return;
    }
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = () => signal?.removeEventListener('abort', cancel);

    xhr.open(method, buildUrl(path, options));
    xhr.withCredentials = true;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      const contentType = xhr.getResponseHeader('content-type');
      const text = xhr.responseText;
      let payload: unknown = text === '' ? undefined : text;
      if (text !== '' && /[/+]json\b/i.test(contentType ?? 'application/json')) {
        try {
          payload = JSON.parse(text) as unknown;
        } catch {
          // a proxy's page: kept as text
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const size = body instanceof Blob ? body.size : 0;
        if (size) onProgress?.({ loaded: size, total: size });
        resolve(payload as T);
        return;
      }
      const detail = isProblem(contentType, payload) && typeof payload.detail === 'string' ? payload.detail : undefined;
      const messages: SpecificMessages = { 413: detail ?? UPLOAD_TOO_LARGE_MESSAGE, ...options.messages };
      reject(failureOf(xhr.status, contentType, payload, info, { ...options, messages }));
    };
    xhr.onerror = () => {
      settle();
      reject(networkFailure(new Error('The upload failed.'), info, options));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(body);
  });
}

/** A download's options: a `body` makes it a POST (a file made of a selection, e.g. SARIF of findings). */
export interface BlobOptions extends MutationOptions {
  body?: unknown;
}

/** The body of a 2xx answer as a Blob, with the file name its Content-Disposition gives. */
async function blob(path: string, options: BlobOptions = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const method = options.body === undefined ? 'GET' : 'POST';
  const response = await send(method, path, options.body, options);
  try {
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkFailure(error, { method, path }, options);
  }
}

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : null;
}

export const apiClient = {
  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return request<T>('GET', path, undefined, options);
  },
  post<T>(path: string, body?: unknown, options?: MutationOptions): Promise<T> {
    return request<T>('POST', path, body, options);
  },
  put<T>(path: string, body?: unknown, options?: MutationOptions): Promise<T> {
    return request<T>('PUT', path, body, options);
  },
  patch<T>(path: string, body?: unknown, options?: MutationOptions): Promise<T> {
    return request<T>('PATCH', path, body, options);
  },
  delete<T>(path: string, options?: MutationOptions & { body?: unknown }): Promise<T> {
    return request<T>('DELETE', path, options?.body, options);
  },
  /** A file (multipart FormData or a raw Blob) with upload progress; see upload() above. */
  upload<T>(path: string, body: FormData | Blob, options?: UploadOptions): Promise<T> {
    return upload<T>(path, body, options);
  },
  /** A file the API serves, as a Blob with the server's file name (downloads). */
  blob(path: string, options?: BlobOptions): Promise<{ blob: Blob; fileName: string | null }> {
    return blob(path, options);
  },
};

export type ApiClient = typeof apiClient;

/**
 * A static file served beside the portal, not by the API (the remotes' manifest, the login help):
 * no credentials, token or CSRF header; a non-2xx answer is an Error naming the status. Kept here
 * so that the client is the one place of the browser code that calls fetch.
 */
export async function readStaticFile(url: string, { accept, cache }: { accept?: string; cache?: RequestCache } = {}): Promise<string> {
  const response = await fetch(url, { ...(accept ? { headers: { Accept: accept } } : {}), ...(cache ? { cache } : {}) });
  if (!response.ok) throw new Error(`Could not read ${url} (${response.status})`);
  return response.text();
}
