import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AuthCard } from '../../../components/AuthCard';
import { FormError } from '../../../components/FormError';
import { LogoutButton } from '../../../components/LogoutButton';
import { useFinishMfaSetup } from '../api/refreshSession';
import { AuthenticatorStep } from './AuthenticatorStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';

export const MFA_SETUP_STEPS = ['Setup authenticator app', 'Recovery codes', 'Complete'] as const;

/** The two-factor setup wizard of spec 4.2; two-factor is mandatory, so there is no way around it. */
export function MfaSetupWizard() {
  const [step, setStep] = useState(0);
  const [codes, setCodes] = useState<string[]>([]);
  const finish = useFinishMfaSetup();

  return (
    <AuthCard title="Two-Factor Authentication" actions={<LogoutButton />}>
      <Text fontSize="sm" color="fg.muted">
        Step {step + 1} of {MFA_SETUP_STEPS.length}
      </Text>
      <Heading as="h2" size="md">
        {MFA_SETUP_STEPS[step]}
      </Heading>
      {step === 0 && (
        <AuthenticatorStep
          onConfirmed={(recoveryCodes) => {
            setCodes(recoveryCodes);
            setStep(1);
          }}
        />
      )}
      {step === 1 && <RecoveryCodesStep codes={codes} onNext={() => setStep(2)} />}
      {step === 2 && (
        <Stack gap={4}>
          <Text>Two-factor authentication is set up. From now on you sign in with your password and a code.</Text>
          <FormError message={finish.error?.message} />
          <HStack justify="flex-end">
            <Button colorPalette="brand" onClick={() => finish.mutate()} disabled={finish.isPending} loading={finish.isPending} loadingText="Finish">
              Finish
            </Button>
          </HStack>
        </Stack>
      )}
    </AuthCard>
  );
}
