// One SBOM upload from picking the file to the processed build: the bytes sent (XHR progress),
// then the build's processing status followed until DONE or FAILED — its 'Import SBOM' events mark
// it stale (app/liveRules.ts), as they do the app's list of builds: no polling. Leaving the page
// cancels an upload still sending; a build already accepted keeps processing on the server.
import { isAbortError, type UploadProgress } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Build } from '../../../lib/types';
import { useBuild } from '../api/getBuild';
import { uploadSbom } from '../api/uploadSbom';

export type SbomUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; progress: UploadProgress }
  | { phase: 'accepted'; fileName: string; build: Build }
  | { phase: 'refused'; fileName: string; error: unknown };

export function useSbomUpload(graph: string, appKey: string) {
  const [state, setState] = useState<SbomUploadState>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const accepted = state.phase === 'accepted' ? state.build : undefined;
  const processing = useBuild(graph, appKey, accepted?.id);

  const start = useCallback(
    (file: File) => {
      current.current?.abort();
      setState({ phase: 'uploading', fileName: file.name, progress: { loaded: 0, total: file.size } });
      const sending = new AbortController();
      current.current = sending;
      uploadSbom(graph, appKey, file, (progress) => setState({ phase: 'uploading', fileName: file.name, progress }), sending.signal)
        .then((build) => setState({ phase: 'accepted', fileName: file.name, build }))
        .catch((error: unknown) => setState(isAbortError(error) ? { phase: 'idle' } : { phase: 'refused', fileName: file.name, error }))
        .finally(() => {
          if (current.current === sending) current.current = null;
        });
    },
    [graph, appKey],
  );

  const cancel = useCallback(() => current.current?.abort(), []);
  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, build: processing.data ?? accepted, start, cancel, dismiss };
}
