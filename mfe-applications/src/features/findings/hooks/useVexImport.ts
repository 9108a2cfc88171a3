// One VEX file applied to a build: its upload progress, then what it did (statements read,
// findings changed, statements that matched nothing); the build's findings are read again.
import { isAbortError, type UploadProgress, type VexImportResult } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { APP_KEYS } from '../../../lib/queryKeys';
import { importVex } from '../api/importVex';

export type VexImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; progress: UploadProgress }
  | { phase: 'done'; fileName: string; result: VexImportResult }
  | { phase: 'refused'; fileName: string; error: unknown };

export function useVexImport(graph: string, appKey: string, buildId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<VexImportState>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      setState({ phase: 'uploading', fileName: file.name, progress: { loaded: 0, total: file.size } });
      const sending = new AbortController();
      current.current = sending;
      importVex(graph, appKey, buildId, file, (progress) => setState({ phase: 'uploading', fileName: file.name, progress }), sending.signal)
        .then(async (result) => {
          setState({ phase: 'done', fileName: file.name, result });
          await queryClient.invalidateQueries({ queryKey: APP_KEYS.findings(graph, appKey, buildId) });
        })
        .catch((error: unknown) => setState(isAbortError(error) ? { phase: 'idle' } : { phase: 'refused', fileName: file.name, error }))
        .finally(() => {
          if (current.current === sending) current.current = null;
        });
    },
    [graph, appKey, buildId, queryClient],
  );
  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, dismiss };
}
