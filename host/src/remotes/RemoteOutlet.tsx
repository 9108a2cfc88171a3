import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { REMOTE_AREAS, RemoteUnavailable, type RemoteMountProps, type RemoteName } from '@portal/shared';
import { loadAndMount } from './parcel';
import { takePreloaded } from './preload';
import { loadRemoteApp } from './remoteRegistry';

type LoadState = { status: 'loading' } | { status: 'mounted' } | { status: 'failed'; error: unknown };

/**
 * Mounts the remote that owns the current route as a parcel (its single-spa lifecycles). The remote keeps its
 * own React root and routes inside itself through the shared history; the host only swaps the
 * parcel when the owner changes. Load, mount and render failures end in the fallback.
 */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const container = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    setState({ status: 'loading' });
    return loadAndMount<RemoteMountProps>(
      container.current,
      // The first attempt takes the load the host started with the page (its result or its
      // failure); Try Again asks the runtime anew.
      () => (attempt === 0 ? takePreloaded(remote) : undefined) ?? loadRemoteApp(remote, attempt > 0),
      { remote, onRetry: retry },
      {
        onMounted: () => setState({ status: 'mounted' }),
        onFailed: (error) => {
          console.error(`Remote ${remote} could not be loaded`, error);
          setState({ status: 'failed', error });
        },
        remote,
      },
    );
  }, [remote, attempt, retry]);

  const area = REMOTE_AREAS[remote];
  // The loading state lies over the remote's container instead of above it: the remote renders its
  // first screen in place underneath, so nothing moves when the loading state goes (issue 26 item
  // 21: the content jumped up by the loading line's height on every route).
  return (
    <Box data-testid="remote-outlet" data-remote={remote} data-state={state.status} position="relative" minH={state.status === 'loading' ? '88px' : undefined}>
      {state.status === 'loading' ? (
        <Box p={8} display="flex" alignItems="flex-start" gap={3} role="status" position="absolute" inset={0} zIndex={1} bg="bg">
          <Spinner size="sm" />
          <Text>Loading {area}…</Text>
        </Box>
      ) : null}
      {state.status === 'failed' ? <RemoteUnavailable area={area} error={state.error} onRetry={retry} /> : null}
      <div ref={container} hidden={state.status === 'failed'} />
    </Box>
  );
}
