import { FormField, type FormFieldProps } from './FormField';

type FieldBinding = Pick<FormFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

export interface NewPasswordFieldsProps {
  /** The form holding new_password and repeat_password (see useForm). */
  form: { field: (name: 'new_password' | 'repeat_password') => FieldBinding };
  autoFocus?: boolean;
}

/** The new password and its repetition, as every form that sets a password asks for them. */
export function NewPasswordFields({ form, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label="New password" type="password" autoComplete="new-password" autoFocus={autoFocus} {...form.field('new_password')} />
      <FormField label="Repeat new password" type="password" autoComplete="new-password" {...form.field('repeat_password')} />
    </>
  );
}
