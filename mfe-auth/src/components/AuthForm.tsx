import { chakra } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface AuthFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** A form whose Enter key submits; the browser's own validation bubbles are replaced by ours. */
export function AuthForm({ label, onSubmit, children }: AuthFormProps) {
  return (
    <chakra.form noValidate aria-label={label} onSubmit={onSubmit} display="flex" flexDirection="column" gap={4}>
      {children}
    </chakra.form>
  );
}
