// Downloads a file the API serves (a report's CSV or PDF, an attachment, a build's VEX, an RBOM)
// through the API client, so a failure shows as an error instead of a broken page (and a 401
// clears the session as on every call), and saves it under the server's name.
import { apiClient, fileNameOf as dispositionName } from '../../api/client';
import type { QueryParams } from '../../api/payload';

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return dispositionName(disposition) ?? fallback;
}

export interface DownloadOptions {
  /** The process (code name) of a project-scoped file. */
  graph: string;
  params?: QueryParams;
  /** Sent as JSON with a POST (a file of a selection); a GET without. */
  body?: unknown;
  /** The name to save under when the server names none. */
  fallbackName: string;
}

/** Fetches and saves the file; answers the name it was saved under. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  // The screen that offers the download shows its failure itself: no notice dialog.
  const { blob, fileName } = await apiClient.blob(path, { graph: options.graph, params: options.params, body: options.body, notices: false });
  const name = fileName ?? options.fallbackName;
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
