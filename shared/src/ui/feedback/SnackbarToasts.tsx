// The snackbars' drawing and their store (Chakra's toaster, zag's toast machine: ~4 KB gzip,
// federation/chakra-toast.ts), loaded with the first snackbar a page shows rather than in the
// host's first load. One store for
// the whole page: this module is part of @portal/shared, a module-federation singleton, so it is
// loaded once, whatever React root raised the snackbar.
import { Portal, Stack } from '@chakra-ui/react';
import { createToaster, Toast, Toaster } from '../../../federation/chakra-toast';
import type { SnackbarMessage } from '../../bus/events';
import { SNACKBAR_HIDE_MS } from '../../constants';

const snackbarToaster = createToaster({
  placement: 'bottom',
  duration: SNACKBAR_HIDE_MS,
  max: 3,
});

/** The success and warning snackbars one shade darker than Chakra's solid: white text at 5:1 or more. */
const SOLID_CONTRAST = {
  '&[data-type="success"]': { bg: 'green.700' },
  '&[data-type="warning"]': { bg: 'orange.700' },
};

/** Hands a message to the store; drawn by SnackbarToasts once mounted (at once when it is). */
export function showToast({ message, status = 'info' }: SnackbarMessage): void {
  snackbarToaster.create({ description: message, type: status, duration: SNACKBAR_HIDE_MS, closable: true });
}

export default function SnackbarToasts() {
  return (
    <Portal>
      <Toaster toaster={snackbarToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          // Chakra's solid green and orange under white text read 3.3:1 and 3.6:1 (WCAG AA asks 4.5:1).
          <Toast.Root width={{ md: 'sm' }} css={SOLID_CONTRAST}>
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
