// Importing many advisory files (a folder of OSV records, several zip exports): a few at a time,
// with the bytes sent over all of them as progress, the counts of every answer added up, and a
// file the API refused listed with its reason while the others go on. Findings of every app may
// change with the advisories: everything shown of the apps is read again at the end.
import { isAbortError, type AdvisoryImportCounts } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemText } from '../../../lib/problemText';
import { APP_KEYS } from '../../../lib/queryKeys';
import { ADVISORY_UPLOAD_MAX_BYTES, ADVISORY_UPLOAD_TOO_LARGE, importAdvisoryFile, isAdvisoryFile } from '../api/importAdvisories';

const AT_ONCE = 3;

export interface AdvisoryImportState {
  phase: 'idle' | 'importing' | 'done' | 'cancelled';
  files: number;
  finished: number;
  sent: number;
  size: number;
  counts: AdvisoryImportCounts;
  failures: Array<{ file: string; message: string }>;
  /** Files of the selection that are not .json or .zip, left out. */
  skipped: number;
}

const NO_COUNTS: AdvisoryImportCounts = { read: 0, added: 0, updated: 0, unchanged: 0, withdrawn: 0, removed: 0, invalid: 0, problems: [] };
const IDLE: AdvisoryImportState = { phase: 'idle', files: 0, finished: 0, sent: 0, size: 0, counts: NO_COUNTS, failures: [], skipped: 0 };

function add(a: AdvisoryImportCounts, b: AdvisoryImportCounts): AdvisoryImportCounts {
  return {
    read: a.read + b.read,
    added: a.added + b.added,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    withdrawn: a.withdrawn + b.withdrawn,
    removed: a.removed + b.removed,
    invalid: a.invalid + b.invalid,
    problems: [...a.problems, ...b.problems],
  };
}

export function useAdvisoryImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AdvisoryImportState>(IDLE);
  const running = useRef<Set<AbortController>>(new Set());
  const cancelled = useRef(false);
  useEffect(() => () => running.current.forEach((upload) => upload.abort()), []);

  const start = useCallback(
    async (picked: File[]) => {
      const files = picked.filter(isAdvisoryFile);
      cancelled.current = false;
      const sentOf = new Map<File, number>();
      const size = files.reduce((sum, file) => sum + file.size, 0);
      setState({ ...IDLE, phase: 'importing', files: files.length, size, skipped: picked.length - files.length });
      const queue = [...files];
      const sendOne = async (file: File) => {
        if (file.size > ADVISORY_UPLOAD_MAX_BYTES) {
          setState((current) => ({ ...current, finished: current.finished + 1, failures: [...current.failures, { file: file.name, message: ADVISORY_UPLOAD_TOO_LARGE }] }));
          return;
        }
        const upload = new AbortController();
        running.current.add(upload);
        try {
          const counts = await importAdvisoryFile(
            file,
            ({ loaded }) => {
              sentOf.set(file, loaded);
              const sent = [...sentOf.values()].reduce((sum, value) => sum + value, 0);
              setState((current) => ({ ...current, sent }));
            },
            upload.signal,
          );
          setState((current) => ({ ...current, finished: current.finished + 1, counts: add(current.counts, counts) }));
        } catch (error) {
          if (isAbortError(error)) return;
          setState((current) => ({ ...current, finished: current.finished + 1, failures: [...current.failures, { file: file.name, message: problemText(error) }] }));
        } finally {
          running.current.delete(upload);
          sentOf.set(file, file.size);
        }
      };
      const worker = async () => {
        while (queue.length > 0 && !cancelled.current) await sendOne(queue.shift()!);
      };
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, files.length) }, worker));
      setState((current) => ({ ...current, phase: cancelled.current ? 'cancelled' : 'done', sent: cancelled.current ? current.sent : size }));
      await Promise.all([queryClient.invalidateQueries({ queryKey: APP_KEYS.all }), queryClient.invalidateQueries({ queryKey: APP_KEYS.vulnerabilityDatabase() })]);
    },
    [queryClient],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    running.current.forEach((upload) => upload.abort());
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { state, start, cancel, reset };
}
