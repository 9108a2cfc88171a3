import { HStack, Text } from '@chakra-ui/react';
import { mfaCodeSchema } from '@portal/shared';
import { AuthCard } from '../../../components/AuthCard';
import { AuthForm } from '../../../components/AuthForm';
import { FormField } from '../../../components/FormField';
import { LogoutButton } from '../../../components/LogoutButton';
import { useForm } from '../../../hooks/useForm';
import { LoginHelpButton } from '../../sign-in';
import { useVerifyMfa } from '../api/verifyMfa';
import { FormSubmit } from '../../../components/FormSubmit';

/** 2-Step Verification: the code of the authenticator app (or a recovery code). */
export function MfaVerificationScreen() {
  const form = useForm(mfaCodeSchema, { code: '' });
  const verify = useVerifyMfa();

  return (
    <AuthCard
      title="2-Step Verification"
      actions={
        <HStack gap={1}>
          <LoginHelpButton />
          <LogoutButton />
        </HStack>
      }
    >
      <AuthForm label="2-Step Verification" onSubmit={form.handleSubmit(({ code }) => verify.mutate(code))}>
        <Text>Enter the code shown by your authenticator app, or one of your recovery codes.</Text>
        <FormField label="Verification code" inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.field('code')} />
        <FormSubmit error={verify.error?.message} pending={verify.isPending} label="Confirm" />
      </AuthForm>
    </AuthCard>
  );
}
