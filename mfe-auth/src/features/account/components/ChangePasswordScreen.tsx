import { Box } from '@chakra-ui/react';
import { changePasswordSchema, ScreenFrame, showSnackbar, useSession, type ScreenComponent } from '@portal/shared';
import { AuthForm } from '../../../components/AuthForm';
import { FormField } from '../../../components/FormField';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useChangePassword } from '../api/changePassword';
import { FormSubmit } from '../../../components/FormSubmit';
import { NewPasswordFields } from '../../../components/NewPasswordFields';

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
          <NewPasswordFields form={form} />
          <FormSubmit error={formMessage(change.error)} pending={change.isPending} label="CHANGE PASSWORD" align="flex-start" />
        </AuthForm>
      </Box>
    </ScreenFrame>
  );
};
