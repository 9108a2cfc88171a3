// Downloads a file the API serves (CSV, PDF, attachments) with the API client's credentials, so
// a failure shows as an error instead of a broken page, and saves it under the server's name.
import { ApiError, buildUrl, messageForStatus, sessionStore, type QueryParams } from '@portal/shared';

export function authHeaders(): Record<string, string> {
  const token = sessionStore.getState().token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

async function problemDetail(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string' && body.detail) return body.detail;
  } catch {
    // not problem details
  }
  return messageForStatus(response.status);
}

export async function downloadFile(path: string, options: { graph: string; params?: QueryParams; fallbackName: string }): Promise<string> {
  const response = await fetch(buildUrl(path, { graph: options.graph, params: options.params }), { credentials: 'include', headers: authHeaders() });
  if (!response.ok) throw new ApiError(response.status, await problemDetail(response));
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
