import { Box, Button } from '@chakra-ui/react';
import { changePasswordSchema, ScreenFrame, showSnackbar, useSession, type ScreenComponent } from '@portal/shared';
import { AuthForm } from '../../../components/AuthForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useChangePassword } from '../api/changePassword';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

/** /settings/change-password */
export const ChangePasswordScreen: ScreenComponent = ({ route }) => {
  const loginId = useSession((state) => state.session?.user?.login_id ?? '');
  const change = useChangePassword();
  const form = useForm(changePasswordSchema, { password: '', new_password: '', repeat_password: '' }, undefined, change.error);

  return (
    <ScreenFrame route={route}>
      <Box maxW="md">
        <AuthForm
          label="Change Password"
          onSubmit={form.handleSubmit(({ password, new_password }) =>
            change.mutate({ loginId, password, new_password }, { onSuccess: () => showSnackbar(PASSWORD_CHANGED_MESSAGE, 'success') }),
          )}
        >
          <FormField label="Current password" type="password" autoComplete="current-password" {...form.field('password')} />
          <FormField label="New password" type="password" autoComplete="new-password" {...form.field('new_password')} />
          <FormField label="Repeat new password" type="password" autoComplete="new-password" {...form.field('repeat_password')} />
          <FormError message={formMessage(change.error)} />
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={change.isPending} loading={change.isPending} loadingText="CHANGE PASSWORD">
            CHANGE PASSWORD
          </Button>
        </AuthForm>
      </Box>
    </ScreenFrame>
  );
};
