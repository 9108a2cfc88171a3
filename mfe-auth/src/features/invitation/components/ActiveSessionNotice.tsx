import { Button, Text } from '@chakra-ui/react';
import { logout, type ScreenComponent, ScreenFrame } from '@portal/shared';
import { useState } from 'react';

/** A signed-in user on an invitation path: the invitation is for someone signing in anew. */
export const ActiveSessionNotice: ScreenComponent = ({ route }) => {
  const [busy, setBusy] = useState(false);
  return (
    <ScreenFrame route={route} title="Invitation">
      <Text role="status" mb={4}>
        You are already signed in. Log out to accept this invitation.
      </Text>
      <Button
        colorPalette="brand"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void logout();
        }}
      >
        Logout
      </Button>
    </ScreenFrame>
  );
};
