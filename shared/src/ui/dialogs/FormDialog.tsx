// A dialog holding one form (invite a user, identify a gap, new application …): Escape or Cancel
// closes it, Enter in a field submits it, and while the call runs it cannot be dismissed. The
// failure of the call is shown inside the dialog from the API's problem detail.
import { Button, chakra, Dialog, Portal, Stack, type ButtonProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { ErrorAlert } from '../feedback/QueryStates';
import { useDismiss } from './useDismiss';
import { useReturnFocus } from './useReturnFocus';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitText: string;
  busy?: boolean;
  /** The failure of the last submission, if any. */
  error?: unknown;
  /** Nothing valid to submit yet (a required field empty, nothing changed): the button stays disabled. */
  submitDisabled?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
  /** Extra content below the form (e.g. a list with its own buttons). */
  footerNote?: ReactNode;
  /** The submit button's palette; the portal's `brand` unless a remote has its own. */
  submitColorPalette?: ButtonProps['colorPalette'];
  /** Lists the field messages of a refused submission under its failure (see ErrorAlert). */
  listFields?: boolean;
}

export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitText,
  busy = false,
  error,
  submitDisabled,
  size = 'md',
  children,
  footerNote,
  submitColorPalette = 'brand',
  listFields,
}: FormDialogProps) {
  const formId = useId();
  const onOpenChange = useDismiss(onClose);
  const finalFocusEl = useReturnFocus(open);
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
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {/* The form holds body and footer, so Enter in any field submits with the footer's button. */}
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
                  {error !== undefined && error !== null && <ErrorAlert error={error} listFields={listFields} />}
                </Stack>
                {footerNote}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette={submitColorPalette} disabled={submitDisabled} loading={busy} loadingText={submitText}>
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
