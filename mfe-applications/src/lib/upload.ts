// Uploads with XMLHttpRequest, whose `upload` reports progress (fetch has none), sent the way the
// API client sends: cookies, the bearer token when there is one, the CSRF header; a mutation the
// session may not perform is refused as 403 before a byte is sent (spec 5), like apiClient does.
import type { Permission } from '@portal/shared/permissions';
import {
  ApiError,
  authHeaders,
  buildUrl,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  isPermitted,
  messageForStatus,
  NETWORK_ERROR_STATUS,
  type ProblemDetails,
  type QueryParams,
} from '@portal/shared';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  path: string;
  graph?: string;
  params?: QueryParams;
  body: FormData | Blob;
  /** The permission the upload needs; without it: ApiError 403 and no request. */
  permission: Permission;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
}

export interface Upload<T> {
  promise: Promise<T>;
  abort: () => void;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  const status = xhr.status;
  try {
    const body = JSON.parse(xhr.responseText) as ProblemDetails;
    if (typeof body === 'object' && body !== null && typeof body.detail === 'string') {
      return new ApiError(status, messageForStatus(status), { problem: body });
    }
  } catch {
    // not problem details (a proxy's page, an empty answer)
  }
  return new ApiError(status, messageForStatus(status));
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function upload<T>({ path, graph, params, body, permission, headers = {}, onProgress }: UploadRequest): Upload<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    if (!isPermitted(permission)) {
      reject(new ApiError(403, messageForStatus(403)));
      return;
    }
    xhr.open('POST', buildUrl(path, { graph, params }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    for (const [name, value] of Object.entries({ ...authHeaders(), ...headers })) xhr.setRequestHeader(name, value);
    const size = body instanceof Blob ? body.size : 0;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        if (size) onProgress?.({ loaded: size, total: size });
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError(500, messageForStatus(500)));
        }
      } else {
        reject(errorOf(xhr));
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_STATUS, messageForStatus(NETWORK_ERROR_STATUS)));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
