import { Text } from '@chakra-ui/react';
import { changePasswordSchema, type LoginPayload } from '@portal/shared';
import { useMemo } from 'react';
import { AuthForm } from '../../../components/AuthForm';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useChangeExpiredPassword } from '../api/changeExpiredPassword';
import { FormSubmit } from '../../../components/FormSubmit';
import { NewPasswordFields } from '../../../components/NewPasswordFields';

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
      <NewPasswordFields form={form} autoFocus />
      <FormSubmit error={formMessage(change.error)} pending={change.isPending} label="CHANGE PASSWORD" />
    </AuthForm>
  );
}
