import { Button, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { PERMISSIONS } from '@portal/shared/permissions';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { useDisableMfa } from '../api/disableMfa';

export const DISABLE_MFA_QUESTION = 'Are you sure you want to disable two-factor authentication?';
export const MFA_DISABLED_MESSAGE = 'Two-factor authentication is off. You will set it up again at your next sign-in.';
export const DISABLE_MFA_NOTE = 'Two-factor authentication adds an additional layer of security to your account and is highly recommended.';
/** The demo permission gates Disable MFA (spec 2.3). */
export const PERFORM_DEMO = PERMISSIONS.development.PERFORM_DEMO;

/** /settings/two-factor-authentication: two-factor is on (it is mandatory); demo users may disable it. */
export const TwoFactorScreen: ScreenComponent = ({ route }) => {
  const [asking, setAsking] = useState(false);
  const disable = useDisableMfa();
  const mayDisable = usePermitted(PERFORM_DEMO);
  return (
    <ScreenFrame route={route}>
      <Stack gap={4} maxW="lg">
        {disable.isSuccess ? (
          <Text role="status">{MFA_DISABLED_MESSAGE}</Text>
        ) : (
          <>
            <Text role="status">Two-factor authentication is on. You sign in with your password and a code from your authenticator app.</Text>
            <FormError message={disable.error?.message} />
            {mayDisable ? (
              <Button colorPalette="red" variant="outline" alignSelf="flex-start" onClick={() => setAsking(true)}>
                Disable MFA
              </Button>
            ) : null}
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={asking}
        title="Disable MFA"
        message={`${DISABLE_MFA_QUESTION}\n\n${DISABLE_MFA_NOTE}`}
        busy={disable.isPending}
        onNo={() => setAsking(false)}
        onYes={() => disable.mutate(undefined, { onSettled: () => setAsking(false) })}
      />
    </ScreenFrame>
  );
};
