import { Box, Button, Field, Input } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';

export interface DeleteConfirmationDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  /** The word the user must type exactly to enable the confirm button (spec 5). */
  confirmWord?: string;
  onConfirm: () => void;
  /** Also called when the dialog is dismissed with Escape or a click outside. */
  onCancel: () => void;
  busy?: boolean;
  confirmText?: string;
}

/** Deletion needs explicit confirmation: the confirm button unlocks only on the exact word. */
export function DeleteConfirmationDialog({
  open,
  title,
  message,
  confirmWord = 'delete',
  onConfirm,
  onCancel,
  busy = false,
  confirmText = 'Delete',
}: DeleteConfirmationDialogProps) {
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  // A dialog opened again must not remember what was typed the last time.
  useEffect(() => {
    if (!open) setTyped('');
  }, [open]);

  const confirmed = typed === confirmWord;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !busy) onConfirm();
  };

  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      title={title}
      busy={busy}
      onDismiss={onCancel}
      initialFocusRef={inputRef}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette="red"
            disabled={!confirmed}
            loading={busy}
            loadingText={confirmText}
          >
            {confirmText}
          </Button>
        </>
      }
    >
      <Box mb="4">{message}</Box>
      <form id={formId} onSubmit={submit}>
        <Field.Root>
          <Field.Label>Type &apos;{confirmWord}&apos; to confirm</Field.Label>
          <Input
            ref={inputRef}
            value={typed}
            autoComplete="off"
            placeholder={confirmWord}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field.Root>
      </form>
    </DialogFrame>
  );
}
