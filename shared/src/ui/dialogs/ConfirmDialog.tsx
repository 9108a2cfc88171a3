import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onYes: () => void;
  /** Also called when the dialog is dismissed with Escape or a click outside. */
  onNo: () => void;
  busy?: boolean;
  yesText?: string;
  noText?: string;
}

/** Asks a yes/no question, e.g. 'Are you sure you want to disable two-factor authentication?'. */
export function ConfirmDialog({
  open,
  title,
  message,
  onYes,
  onNo,
  busy = false,
  yesText = 'Yes',
  noText = 'No',
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      title={title}
      busy={busy}
      onDismiss={onNo}
      footer={
        <>
          <Button variant="outline" onClick={onNo} disabled={busy}>
            {noText}
          </Button>
          <Button colorPalette="brand" onClick={onYes} loading={busy} loadingText={yesText}>
            {yesText}
          </Button>
        </>
      }
    >
      {message}
    </DialogFrame>
  );
}
