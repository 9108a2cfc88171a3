import { Text } from '@chakra-ui/react';
import { resetPasswordSchema } from '@portal/shared';
import { AuthForm } from '../../../components/AuthForm';
import { FormField } from '../../../components/FormField';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useResetPasswordWithCode } from '../api/resetPasswordWithCode';
import { FormSubmit } from '../../../components/FormSubmit';
import { NewPasswordFields } from '../../../components/NewPasswordFields';

export function ResetPasswordCodeForm({ username }: { username: string }) {
  const reset = useResetPasswordWithCode();
  const form = useForm(resetPasswordSchema, { code: '', new_password: '', repeat_password: '' }, undefined, reset.error);

  return (
    <AuthForm
      label="Reset Password"
      onSubmit={form.handleSubmit(({ code, new_password }) => reset.mutate({ username, code, new_password }))}
    >
      <Text>Enter the one-time code sent to {username} and your new password.</Text>
      <FormField label="Code" inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.field('code')} />
      <NewPasswordFields form={form} />
      <FormSubmit error={formMessage(reset.error)} pending={reset.isPending} label="RESET PASSWORD" />
    </AuthForm>
  );
}
