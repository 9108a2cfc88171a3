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
  NOTICE_TITLE,
  resolveMessage,
  showsNotice,
  type HttpMethod,
  type NoticeOverride,
  type ProblemDetails,
  type SpecificMessages,
} from './errors';
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

function isProblem(response: Response, body: unknown): body is ProblemDetails {
  return /application\/problem\+json/i.test(response.headers.get('content-type') ?? '') && typeof body === 'object' && body !== null;
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
  if (showsNotice(request.method, error.status, options.notices)) {
    bus.emit('notice:show', { title: NOTICE_TITLE, message: error.message });
  }
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

async function request<T>(method: HttpMethod, path: string, body: unknown, options: MutationOptions = {}): Promise<T> {
  const info: ApiRequestInfo = { method, path };
  const messages = options.messages;

  if (method !== 'GET' && options.permission !== undefined && !isPermitted(options.permission)) {
    throw report(new ApiError(403, resolveMessage(403, messages)), info, options);
  }

  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  // CSRF defence with SameSite cookies: a page on another site cannot send this header without
  // a CORS preflight, and the API refuses state-changing calls without it.
  if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  const token = sessionStore.getState().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
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
    throw report(new ApiError(NETWORK_ERROR_STATUS, resolveMessage(NETWORK_ERROR_STATUS, messages), { body: error }), info, options);
  }

  let payload: unknown;
  try {
    payload = await readBody(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw report(new ApiError(NETWORK_ERROR_STATUS, resolveMessage(NETWORK_ERROR_STATUS, messages), { body: error }), info, options);
  }

  if (!response.ok) {
    const problem = isProblem(response, payload) ? payload : undefined;
    const error = new ApiError(response.status, resolveMessage(response.status, messages), {
      problem,
      body: problem ? undefined : payload,
    });
    throw report(error, info, options);
  }
  return payload as T;
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
};

export type ApiClient = typeof apiClient;
