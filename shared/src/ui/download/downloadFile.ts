// Downloads a file the API serves (a report's CSV or PDF, an attachment, a build's VEX, an RBOM)
// with the API client's credentials, so a failure shows as an error instead of a broken page, and
// saves it under the server's name.
import { buildUrl } from '../../api/client';
import { ApiError, messageForStatus, type ProblemDetails } from '../../api/errors';
import type { QueryParams } from '../../api/payload';
import { sessionStore } from '../../session/sessionStore';

/** The bearer token of the session, for requests made without the API client (downloads, uploads). */
export function authHeaders(): Record<string, string> {
  const token = sessionStore.getState().token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

// As the API client fails: the catalogue message, and the problem details for the server's words.
async function failure(response: Response): Promise<ApiError> {
  try {
    const problem = (await response.json()) as ProblemDetails;
    if (typeof problem.detail === 'string') return new ApiError(response.status, messageForStatus(response.status), { problem });
  } catch {
    // not problem details
  }
  return new ApiError(response.status, messageForStatus(response.status));
}

export interface DownloadOptions {
  /** The process (code name) of a project-scoped file. */
  graph: string;
  params?: QueryParams;
  /** The name to save under when the server names none. */
  fallbackName: string;
}

/** Fetches and saves the file; answers the name it was saved under. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const response = await fetch(buildUrl(path, { graph: options.graph, params: options.params }), { credentials: 'include', headers: authHeaders() });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), options.fallbackName);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
