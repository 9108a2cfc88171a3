// The connection state in the header (spec 4.4): shown only while it is not Connected, so the
// user knows live updates are paused (Connecting, Reconnecting, Disconnecting, Disconnected).
import { useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { realtime, type RealtimeFacade, type RealtimeState } from '@portal/shared';

export function useRealtimeState(facade: RealtimeFacade = realtime): RealtimeState {
  const [state, setState] = useState<RealtimeState>(facade.state);
  useEffect(() => {
    setState(facade.state);
    return facade.onStateChange(setState);
  }, [facade]);
  return state;
}

export function ConnectionStatus({ facade = realtime }: { facade?: RealtimeFacade }) {
  const state = useRealtimeState(facade);
  if (state === 'Connected') return null;
  return (
    <Text role="status" aria-live="polite" fontSize="xs" color="fg.muted" data-testid="realtime-state" title="Live updates connection">
      {state}
    </Text>
  );
}
