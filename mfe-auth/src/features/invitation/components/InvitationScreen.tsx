import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { errorStatus, INVALID_INVITATION_ADVICE, INVALID_INVITATION_MESSAGE, navigate, resetPasswordSchema } from '@portal/shared';
import { useState } from 'react';
import { AuthCard } from '../../../components/AuthCard';
import { AuthForm } from '../../../components/AuthForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { formMessage, useForm } from '../../../hooks/useForm';
import { useCompleteInvitation, useSendInvitationCode } from '../api/acceptInvitation';
import { useInvitation } from '../api/getInvitation';
import { FormSubmit } from '../../../components/FormSubmit';
import { NewPasswordFields } from '../../../components/NewPasswordFields';

/** The invitation page (signed out): welcome, then the one-time code and the new password. */
export function InvitationScreen({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const send = useSendInvitationCode();
  const [codeSent, setCodeSent] = useState(false);

  if (invitation.isPending) {
    return (
      <AuthCard title="Invitation">
        <Spinner aria-label="Loading the invitation" />
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return errorStatus(invitation.error) === 404 ? <InvalidInvitation /> : (
      <AuthCard title="Invitation">
        <FormError message={invitation.error.message} />
      </AuthCard>
    );
  }
  if (codeSent) return <CompleteInvitation token={token} email={invitation.data.email} />;

  return (
    <AuthCard title="Welcome">
      <Text>
        You have been invited to the portal as <strong>{invitation.data.email}</strong>. Continue to receive a one-time code by e-mail and set your password.
      </Text>
      <FormError message={send.error?.message} />
      <HStack justify="flex-end">
        <Button colorPalette="brand" onClick={() => send.mutate(token, { onSuccess: () => setCodeSent(true) })} disabled={send.isPending} loading={send.isPending} loadingText="CONTINUE">
          CONTINUE
        </Button>
      </HStack>
    </AuthCard>
  );
}

export function InvalidInvitation() {
  return (
    <AuthCard title="Invitation">
      <Text role="alert" fontWeight="semibold">
        {INVALID_INVITATION_MESSAGE}
      </Text>
      <Text>{INVALID_INVITATION_ADVICE}</Text>
      <HStack justify="flex-end">
        <Button colorPalette="brand" onClick={() => navigate('/')}>
          CLOSE
        </Button>
      </HStack>
    </AuthCard>
  );
}

function CompleteInvitation({ token, email }: { token: string; email: string }) {
  const complete = useCompleteInvitation();
  const form = useForm(resetPasswordSchema, { code: '', new_password: '', repeat_password: '' }, undefined, complete.error);
  return (
    <AuthCard title="Complete Invitation">
      <AuthForm label="Complete Invitation" onSubmit={form.handleSubmit(({ code, new_password }) => complete.mutate({ token, code, new_password }))}>
        <Text>Enter the one-time code sent to {email} and choose your password.</Text>
        <FormField label="One-time code" inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.field('code')} />
        <NewPasswordFields form={form} />
        <FormSubmit error={formMessage(complete.error)} pending={complete.isPending} label="SUBMIT" />
      </AuthForm>
    </AuthCard>
  );
}
