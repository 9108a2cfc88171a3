// A dialog that shows something or holds its own buttons (memberships of a user, an API key shown
// once) and is left with Close or Escape.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useDismiss } from '@portal/shared';
import type { ReactNode } from 'react';

export interface PanelDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeText?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** While busy the dialog cannot be dismissed, so a running action is not orphaned. */
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  /**
   * False for a dialog that must be left with its button or Escape only: a click or a focus
   * change outside (e.g. the focus a closing dialog hands back) does not close it.
   */
  closeOnInteractOutside?: boolean;
}

export function PanelDialog({ open, title, onClose, children, closeText = 'Close', size = 'lg', busy = false, role = 'dialog', closeOnInteractOutside = true }: PanelDialogProps) {
  const onOpenChange = useDismiss(onClose);
  return (
    <Dialog.Root
      open={open}
      role={role}
      placement="center"
      size={size}
      lazyMount
      unmountOnExit
      scrollBehavior="inside"
      closeOnEscape={!busy}
      closeOnInteractOutside={closeOnInteractOutside && !busy}
      onOpenChange={onOpenChange}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} disabled={busy}>
                {closeText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
