import { NoticeHost, PortalProvider, PortalRouter, queryClient, SnackbarHost } from '@portal/shared';
import { Portal } from './Portal';

export function App() {
  return (
    <PortalProvider queryClient={queryClient}>
      <PortalRouter>
        <Portal />
      </PortalRouter>
      <NoticeHost />
      <SnackbarHost />
    </PortalProvider>
  );
}
