import { Button, HStack, Text } from '@chakra-ui/react';
import { forgotPasswordSchema } from '@portal/shared';
import { AuthForm } from '../../../components/AuthForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { useForm } from '../../../hooks/useForm';
import { useRequestPasswordReset } from '../api/requestPasswordReset';

export interface ResetPasswordRequestFormProps {
  onCancel: () => void;
  onCodeSent: (username: string) => void;
}

export function ResetPasswordRequestForm({ onCancel, onCodeSent }: ResetPasswordRequestFormProps) {
  const form = useForm(forgotPasswordSchema, { username: '' });
  const request = useRequestPasswordReset();

  return (
    <AuthForm
      label="Reset Password Request"
      onSubmit={form.handleSubmit(({ username }) => request.mutate({ username }, { onSuccess: () => onCodeSent(username) }))}
    >
      <Text>Enter the username you sign in with (or your e-mail address). A one-time code will be sent to you by e-mail.</Text>
      <FormField label="Username" type="text" autoComplete="username" autoFocus {...form.field('username')} />
      <FormError message={request.error?.message} />
      <HStack justify="flex-end">
        <Button variant="outline" onClick={onCancel} disabled={request.isPending}>
          CANCEL
        </Button>
        <Button type="submit" colorPalette="brand" disabled={request.isPending} loading={request.isPending} loadingText="SUBMIT">
          SUBMIT
        </Button>
      </HStack>
    </AuthForm>
  );
}
