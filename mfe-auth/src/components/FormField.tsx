import { Field, Input } from '@chakra-ui/react';

export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email';
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A labelled input with its validation message (announced as an alert when it appears). */
export function FormField({ label, name, value, onChange, onBlur, error, type = 'text', autoComplete, inputMode, disabled, autoFocus }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
