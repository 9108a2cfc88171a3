// A dialog holding one form (new application, settings, VEX analysis): Escape or Cancel closes
// it, Enter in a field submits it, and while the call runs it cannot be dismissed. The call's
// failure shows inside the dialog with the API's own words.
import { Button, chakra, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { ErrorAlert } from './QueryStates';
import { useDismiss } from './useDismiss';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitText: string;
  busy?: boolean;
  error?: unknown;
  /** Nothing valid to submit yet (a required field empty, nothing changed). */
  submitDisabled?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

export function FormDialog({ open, title, onClose, onSubmit, submitText, busy = false, error, submitDisabled, size = 'md', children }: FormDialogProps) {
  const formId = useId();
  const onOpenChange = useDismiss(onClose);
  return (
    <Dialog.Root
      open={open}
      placement="center"
      size={size}
      lazyMount
      unmountOnExit
      scrollBehavior="inside"
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      onOpenChange={onOpenChange}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <chakra.form
              id={formId}
              noValidate
              aria-label={title}
              display="contents"
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy && !submitDisabled) onSubmit();
              }}
            >
              <Dialog.Body>
                <Stack gap={4}>
                  {children}
                  {error !== undefined && error !== null && <ErrorAlert error={error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" disabled={submitDisabled} loading={busy} loadingText={submitText}>
                  {submitText}
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
