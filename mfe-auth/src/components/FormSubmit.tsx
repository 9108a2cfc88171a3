import { Button } from '@chakra-ui/react';
import { FormError } from './FormError';

export interface FormSubmitProps {
  /** The server's answer to the last submit, shown above the button. */
  error?: string | null;
  /** While the request runs the button is busy and cannot be pressed again. */
  pending: boolean;
  label: string;
  /** Where a button that does not span the form stands; without it the button is full width. */
  align?: 'flex-start' | 'flex-end';
  /** Nothing to submit yet (the wizard's code not typed): the button stays disabled. */
  disabled?: boolean;
}

/** The foot of an auth form: the server's answer, then the submit button. */
export function FormSubmit({ error, pending, label, align, disabled = false }: FormSubmitProps) {
  return (
    <>
      <FormError message={error} />
      <Button type="submit" colorPalette="brand" {...(align ? { alignSelf: align } : { w: 'full' })} disabled={pending || disabled} loading={pending} loadingText={label}>
        {label}
      </Button>
    </>
  );
}
