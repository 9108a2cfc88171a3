import { createRoot } from 'react-dom/client';
import { NoticeHost, PortalProvider, RemoteRoot, SnackbarHost } from '@portal/shared';
import { definition } from '../app/definition';

// Runs this remote alone against the running API (the dev server proxies /api to it). Alone,
// the remote shows the notices and snackbars the host would otherwise show.
createRoot(document.getElementById('root')!).render(
  <>
    <RemoteRoot remote={definition.remote} screens={definition.screens} />
    <PortalProvider>
      <NoticeHost />
      <SnackbarHost />
    </PortalProvider>
  </>,
);
