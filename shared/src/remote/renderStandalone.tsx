import { createRoot } from 'react-dom/client';
import { NoticeHost } from '../ui/dialogs/NoticeHost';
import { SnackbarHost } from '../ui/feedback/SnackbarHost';
import { PortalProvider } from '../ui/system/PortalProvider';
import { RemoteRoot, type RemoteDefinition } from './createRemoteLifecycles';

/**
 * Runs a remote alone (its dev server, against the running API). Alone, the remote also renders
 * the notice and snackbar hosts that the host renders once per page in the composed portal.
 */
export function renderStandalone(definition: RemoteDefinition, container = document.getElementById('root')): void {
  if (!container) throw new Error('The standalone page has no #root element');
  createRoot(container).render(
    <>
      <RemoteRoot {...definition} />
      <PortalProvider>
        <NoticeHost />
        <SnackbarHost />
      </PortalProvider>
    </>,
  );
}
