// One scanner's file sent into a scope: its progress, a cancel, then what the import changed or
// the API's refusal. Leaving the screen cancels what is still sending; the process's findings
// read again after an import.
import { isAbortError, type UploadProgress } from '@portal/shared';
import type { FindingImportSummary } from '@portal/shared/operations';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FINDING_KEYS } from '../../../lib/queryKeys';
import { uploadFindings, type UploadScope } from '../api/uploadFindings';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; name: string; progress: UploadProgress }
  | { phase: 'imported'; name: string; summary: FindingImportSummary }
  | { phase: 'refused'; name: string; error: unknown }
  | { phase: 'cancelled'; name: string };

export function useFindingsUpload(graph: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File, scope: UploadScope) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'sending', name: file.name, progress: { loaded: 0, total: file.size } });
      try {
        const summary = await uploadFindings(graph, file, scope, (progress) => setState({ phase: 'sending', name: file.name, progress }), current.signal);
        setState({ phase: 'imported', name: file.name, summary });
        void queryClient.invalidateQueries({ queryKey: FINDING_KEYS.all(graph) });
      } catch (error) {
        setState(isAbortError(error) ? { phase: 'cancelled', name: file.name } : { phase: 'refused', name: file.name, error });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [graph, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
