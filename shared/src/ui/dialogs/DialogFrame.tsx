import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { useReturnFocus } from './useReturnFocus';

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer: ReactNode;
  /** Called when the user dismisses the dialog with Escape or a click outside. */
  onDismiss: () => void;
  /** A dialog that asks for a decision is announced as an alert dialog. */
  role?: 'dialog' | 'alertdialog';
  /** While busy the dialog cannot be dismissed, so a running action is not orphaned. */
  busy?: boolean;
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** The frame every portal dialog shares: backdrop, centred content, title, body and footer. */
export function DialogFrame({
  open,
  title,
  children,
  footer,
  onDismiss,
  role = 'dialog',
  busy = false,
  initialFocusRef,
}: DialogFrameProps) {
  const finalFocusEl = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      role={role}
      placement="center"
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      initialFocusEl={initialFocusRef ? () => initialFocusRef.current : undefined}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body whiteSpace="pre-wrap">{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
