// Importing CISA's KEV catalog: one file, its bytes sent as progress, then the counts or the API's
// reason. Findings of every app may be flagged anew: everything shown of the apps is read again.
import { isAbortError, type KevImportCounts } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemText } from '../../../lib/problemText';
import { APP_KEYS } from '../../../lib/queryKeys';
import { importKevFile } from '../api/importKev';

export type KevImportState =
  | { phase: 'idle' }
  | { phase: 'importing'; file: string; sent: number; size: number }
  | { phase: 'done'; file: string; counts: KevImportCounts }
  | { phase: 'failed'; file: string; message: string };

export function useKevImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<KevImportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      setState({ phase: 'importing', file: file.name, sent: 0, size: file.size });
      const upload = new AbortController();
      running.current = upload;
      try {
        const counts = await importKevFile(file, ({ loaded, total }) => setState({ phase: 'importing', file: file.name, sent: loaded, size: total || file.size }), upload.signal);
        setState({ phase: 'done', file: file.name, counts });
        await Promise.all([queryClient.invalidateQueries({ queryKey: APP_KEYS.all }), queryClient.invalidateQueries({ queryKey: APP_KEYS.vulnerabilityDatabase() })]);
      } catch (error) {
        if (isAbortError(error)) setState({ phase: 'idle' });
        else setState({ phase: 'failed', file: file.name, message: problemText(error) });
      } finally {
        running.current = null;
      }
    },
    [queryClient],
  );
  const cancel = useCallback(() => running.current?.abort(), []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, cancel, reset };
}
