import { useEffect } from 'react';
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { logout, navigate } from '@portal/shared';

/** /support/logout: ends the session on the server, clears the portal's state, goes home. */
export function Logout() {
  useEffect(() => {
    logout().finally(() => navigate('/', { replace: true }));
  }, []);
  return (
    <Flex p={8} gap={3} align="center" role="status">
      <Spinner size="sm" />
      <Text>Signing out…</Text>
    </Flex>
  );
}
