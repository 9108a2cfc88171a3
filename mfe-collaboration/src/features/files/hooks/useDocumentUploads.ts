// Several files sent one by one (each its own request, so one refused file does not hold back the
// others): each with its progress, cancel and outcome. Leaving the page cancels what is still
// sending; the library is refreshed after each stored file.
import { isAbortError, type UploadProgress } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_KEYS } from '../api/keys';
import { uploadDocument, type UploadTarget } from '../api/uploadDocuments';

type Outcome =
  | { name: string; phase: 'waiting' | 'sending'; progress: UploadProgress }
  | { name: string; phase: 'stored'; version: number }
  | { name: string; phase: 'refused'; error: unknown }
  | { name: string; phase: 'cancelled' };

export type UploadItem = Outcome & { key: number };

export function useDocumentUploads(graph: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(1);
  useEffect(() => {
    const open = controllers.current;
    return () => open.forEach((controller) => controller.abort());
  }, []);

  const update = (key: number, item: Outcome) => setItems((list) => list.map((entry) => (entry.key === key ? { ...item, key } : entry)));

  const start = useCallback(
    async (files: File[], target: UploadTarget) => {
      const queued = files.map((file) => ({ file, key: nextKey.current++ }));
      setItems((list) => [...list, ...queued.map(({ file, key }) => ({ key, name: file.name, phase: 'waiting' as const, progress: { loaded: 0, total: file.size } }))]);
      for (const { key } of queued) controllers.current.set(key, new AbortController());
      for (const { file, key } of queued) {
        const controller = controllers.current.get(key)!;
        if (controller.signal.aborted) {
          controllers.current.delete(key);
          continue;
        }
        update(key, { name: file.name, phase: 'sending', progress: { loaded: 0, total: file.size } });
        try {
          const result = await uploadDocument(graph, file, target, (progress) => update(key, { name: file.name, phase: 'sending', progress }), controller.signal);
          update(key, { name: file.name, phase: 'stored', version: result.documents[0]?.current_version ?? 1 });
          void queryClient.invalidateQueries({ queryKey: DOCUMENT_KEYS.all(graph) });
        } catch (error) {
          update(key, isAbortError(error) ? { name: file.name, phase: 'cancelled' } : { name: file.name, phase: 'refused', error });
        } finally {
          controllers.current.delete(key);
        }
      }
    },
    [graph, queryClient],
  );

  const cancel = useCallback((key: number) => {
    const controller = controllers.current.get(key);
    if (controller) controller.abort();
    setItems((list) => list.map((entry) => (entry.key === key && entry.phase === 'waiting' ? { key, name: entry.name, phase: 'cancelled' } : entry)));
  }, []);

  const clear = useCallback(() => setItems((list) => list.filter((item) => item.phase === 'waiting' || item.phase === 'sending')), []);

  return { items, start, cancel, clear };
}
