import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';

export interface NoticeDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onClose: () => void;
}

/** Tells the user something (an error, help text); the only action is Close. */
export function NoticeDialog({ open, title, message, onClose }: NoticeDialogProps) {
  return (
    <DialogFrame
      open={open}
      title={title}
      onDismiss={onClose}
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          Close
        </Button>
      }
    >
      {message}
    </DialogFrame>
  );
}
