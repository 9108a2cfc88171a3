// The text of a text, markdown or CSV version, read for the preview (GET documents/{id}/download).
import { apiClient, buildUrl } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DOCUMENT_KEYS } from './keys';

/** The most of a text file the preview shows; the rest is left to the download. */
export const PREVIEW_TEXT_MAX = 512 * 1024;

/** The URL of a version's bytes: `inline` for a preview in the page (img, iframe), else a download. */
export const documentFileUrl = (graph: string, id: string, version: number, inline: boolean) =>
  buildUrl(`documents/${encodeURIComponent(id)}/download`, { graph, params: { version, ...(inline ? { inline: true } : {}) } });

/** A Blob's text as UTF-8 (FileReader: in every browser, and in the test DOM). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(blob, 'utf-8');
  });
}

export async function getDocumentText(graph: string, id: string, version: number, signal?: AbortSignal): Promise<{ text: string; cut: boolean }> {
  const { blob } = await apiClient.blob(`documents/${encodeURIComponent(id)}/download`, { graph, params: { version }, signal });
  const cut = blob.size > PREVIEW_TEXT_MAX;
  return { text: await readText(cut ? blob.slice(0, PREVIEW_TEXT_MAX) : blob), cut };
}

export const getDocumentTextQueryOptions = (graph: string, id: string, version: number) =>
  queryOptions({ queryKey: DOCUMENT_KEYS.text(graph, id, version), queryFn: ({ signal }) => getDocumentText(graph, id, version, signal), staleTime: Infinity });

export function useDocumentText(graph: string, id: string, version: number, enabled: boolean) {
  return useQuery({ ...getDocumentTextQueryOptions(graph, id, version), enabled });
}
