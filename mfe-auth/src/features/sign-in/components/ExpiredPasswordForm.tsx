import { Button, Text } from '@chakra-ui/react';
import { changePasswordSchema, type LoginPayload } from '@portal/shared';
import { useMemo } from 'react';
import { AuthForm } from '../../../components/AuthForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useChangeExpiredPassword } from '../api/changeExpiredPassword';

/** The password of `credentials` has expired: set a new one, different from it, and sign in. */
export function ExpiredPasswordForm({ credentials }: { credentials: LoginPayload }) {
  const context = useMemo(() => ({ password: credentials.password }), [credentials.password]);
  const change = useChangeExpiredPassword();
  const form = useForm(changePasswordSchema, { new_password: '', repeat_password: '' }, context, change.error);

  return (
    <AuthForm
      label="Password expired"
      onSubmit={form.handleSubmit(({ new_password }) =>
        change.mutate({ username: credentials.username, password: credentials.password, new_password }),
      )}
    >
      <Text mb={2}>Your password has expired. Choose a new password to sign in.</Text>
      <FormField label="New password" type="password" autoComplete="new-password" autoFocus {...form.field('new_password')} />
      <FormField label="Repeat new password" type="password" autoComplete="new-password" {...form.field('repeat_password')} />
      <FormError message={formMessage(change.error)} />
      <Button type="submit" colorPalette="brand" w="full" disabled={change.isPending} loading={change.isPending} loadingText="CHANGE PASSWORD">
        CHANGE PASSWORD
      </Button>
    </AuthForm>
  );
}
