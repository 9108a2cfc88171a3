import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { bus } from '../../bus/bus';
import type { SnackbarMessage } from '../../bus/events';
import { SNACKBAR_HIDE_MS } from '../../constants';

// One store for the whole page: @portal/shared is a module-federation singleton, so a snackbar
// raised by any React root lands here and is drawn by the one SnackbarHost.
const snackbarToaster = createToaster({
  placement: 'bottom',
  duration: SNACKBAR_HIDE_MS,
  max: 3,
});

/** Asks the SnackbarHost (rendered once by the host) to show a short message at the bottom centre. */
export function showSnackbar(message: string, status: SnackbarMessage['status'] = 'info'): void {
  bus.emit('snackbar:show', { message, status });
}

/**
 * Shows every 'snackbar:show' bus event as a snackbar at the bottom centre that hides after
 * 5000 ms. Render it once per page (the host, or a remote's standalone entry), never in `./app`.
 */
export function SnackbarHost() {
  useEffect(() => {
    const show = ({ message, status = 'info' }: SnackbarMessage) => {
      snackbarToaster.create({ description: message, type: status, duration: SNACKBAR_HIDE_MS, closable: true });
    };
    bus.on('snackbar:show', show);
    return () => bus.off('snackbar:show', show);
  }, []);

  return (
    <Portal>
      <Toaster toaster={snackbarToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Close" />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
