// A settings form of an administration screen: its fields, the API's refusal, and Save — shown only
// to who may change the settings, and sending only when something changed.
import { Button, Stack, type StackProps } from '@chakra-ui/react';
import { ErrorAlert } from '@portal/shared';
import type { ReactNode } from 'react';

export interface SettingsFormProps {
  /** The form's accessible name. */
  label: string;
  /** The saving mutation: its refusal shows above Save, which is busy while it runs. */
  mutation: { error: unknown; isPending: boolean };
  changed: boolean;
  canSave: boolean;
  saveText: string;
  /** Sends the settings: called on submit when something changed, nothing is invalid and no save runs. */
  onSave: () => void;
  /** Called on every submit, before the checks (e.g. to show the fields' messages from then on). */
  onAttempt?: () => void;
  invalid?: boolean;
  stack?: StackProps;
  children: ReactNode;
}

export function SettingsForm({ label, mutation, changed, canSave, saveText, onSave, onAttempt, invalid = false, stack, children }: SettingsFormProps) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onAttempt?.();
        if (invalid || !changed || mutation.isPending) return;
        onSave();
      }}
    >
      <Stack gap={3} {...stack}>
        {children}
        {mutation.error ? <ErrorAlert error={mutation.error} /> : null}
        {canSave && (
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!changed} loading={mutation.isPending} loadingText={saveText}>
            {saveText}
          </Button>
        )}
      </Stack>
    </form>
  );
}
