import { Button, Text } from '@chakra-ui/react';
import { resetPasswordSchema } from '@portal/shared';
import { AuthForm } from '../../../components/AuthForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useResetPasswordWithCode } from '../api/resetPasswordWithCode';

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
      <FormField label="New password" type="password" autoComplete="new-password" {...form.field('new_password')} />
      <FormField label="Repeat new password" type="password" autoComplete="new-password" {...form.field('repeat_password')} />
      <FormError message={formMessage(reset.error)} />
      <Button type="submit" colorPalette="brand" w="full" disabled={reset.isPending} loading={reset.isPending} loadingText="RESET PASSWORD">
        RESET PASSWORD
      </Button>
    </AuthForm>
  );
}
