import { Box, Button, chakra, Spinner, Stack, Text } from '@chakra-ui/react';
import { mfaCodeSchema, type MfaRecoveryCodes } from '@portal/shared';
import { useEffect, useRef } from 'react';
import { AuthForm } from '../../../components/AuthForm';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { useForm } from '../../../hooks/useForm';
import { useConfirmMfaSetup } from '../api/confirmMfaSetup';
import { useStartMfaSetup } from '../api/startMfaSetup';
import { FormSubmit } from '../../../components/FormSubmit';

/** Step "Setup authenticator app": scan the QR code (or type the secret), then prove it with a code. */
export function AuthenticatorStep({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const start = useStartMfaSetup();
  const confirm = useConfirmMfaSetup();
  const form = useForm(mfaCodeSchema, { code: '' });
  const started = useRef(false);

  useEffect(() => {
    // One secret per visit of the step: a second POST would replace the one already scanned.
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  if (start.isError) {
    return (
      <Stack gap={4}>
        <FormError message={start.error.message} />
        <Button onClick={() => start.mutate()}>Try Again</Button>
      </Stack>
    );
  }
  if (!start.data) return <Spinner aria-label="Loading the QR code" />;

  return (
    <AuthForm
      label="Setup authenticator app"
      onSubmit={form.handleSubmit(({ code }) =>
        confirm.mutate(code, { onSuccess: (answer: MfaRecoveryCodes) => onConfirmed(answer.recovery_codes) }),
      )}
    >
      <Text>Scan the QR code with your authenticator app, or enter the secret in it, then type the code it shows.</Text>
      <Box alignSelf="center">
        <chakra.img src={start.data.qrcode} alt="QR code for the authenticator app" width="200px" height="200px" />
      </Box>
      <Text>
        Secret:{' '}
        <chakra.span fontFamily="mono" fontWeight="semibold" data-testid="mfa-secret">
          {start.data.secret}
        </chakra.span>
      </Text>
      <FormField label="Verification code" inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.field('code')} />
      {/* Spec 2.3's wizard: Next is disabled until the step's required field is filled. */}
      <FormSubmit error={confirm.error?.message} pending={confirm.isPending} label="Next" align="flex-end" disabled={form.values.code.trim() === ''} />
    </AuthForm>
  );
}
