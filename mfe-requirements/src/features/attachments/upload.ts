// Uploads an attachment with XMLHttpRequest, whose upload reports progress (fetch has none), with
// the API client's credentials: cookies, the bearer token when there is one, the CSRF header.
import {
  ApiError,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE as TOO_LARGE,
  authHeaders,
  buildUrl,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  messageForStatus,
  NETWORK_ERROR_STATUS,
} from '@portal/shared';
import type { Attachment } from '../../types/analysis';

// The API's limit and its message (the contract's), checked before a byte is sent.
export { ATTACHMENT_MAX_BYTES, TOO_LARGE };
export const ALLOWED_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'txt', 'md', 'csv', 'json', 'xml', 'docx', 'xlsx', 'pptx', 'zip'] as const;

export const notAllowed = (extension: string) =>
  `${extension ? `Files of type .${extension}` : 'Files without an extension'} cannot be attached. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}.`;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a file may not be attached, or null when it may. */
export function checkFile(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = extensionOf(file.name);
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) return notAllowed(extension);
  if (file.size > ATTACHMENT_MAX_BYTES) return TOO_LARGE;
  return null;
}

export interface Upload {
  promise: Promise<Attachment>;
  abort: () => void;
}

function problemOf(xhr: XMLHttpRequest): ApiError {
  let detail: string | undefined;
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown };
    if (typeof body.detail === 'string' && body.detail) detail = body.detail;
  } catch {
    // not problem details
  }
  return new ApiError(xhr.status, detail ?? messageForStatus(xhr.status));
}

export function uploadAttachment(graph: string, requirementId: string, file: File, onProgress: (loaded: number, total: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Attachment>((resolve, reject) => {
    xhr.open('POST', buildUrl(`requirements/${encodeURIComponent(requirementId)}/attachments`, { graph }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        try {
          resolve(JSON.parse(xhr.responseText) as Attachment);
        } catch {
          reject(new ApiError(xhr.status, messageForStatus(500)));
        }
      } else {
        reject(problemOf(xhr));
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_STATUS, messageForStatus(NETWORK_ERROR_STATUS)));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
