// Downloads a file the API serves (the build's VEX) with the API client's credentials, so a
// failure shows as an error instead of a broken page, and saves it under the server's name.
import { ApiError, buildUrl, messageForStatus, type ProblemDetails, type QueryParams } from '@portal/shared';
import { authHeaders } from './upload';

export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

async function failure(response: Response): Promise<ApiError> {
  try {
    const problem = (await response.json()) as ProblemDetails;
    if (typeof problem.detail === 'string') return new ApiError(response.status, messageForStatus(response.status), { problem });
  } catch {
    // not problem details
  }
  return new ApiError(response.status, messageForStatus(response.status));
}

/** Fetches and saves the file; answers the name it was saved under. */
export async function downloadFile(path: string, options: { graph: string; params?: QueryParams; fallbackName: string }): Promise<string> {
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
