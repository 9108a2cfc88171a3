import { useEffect } from 'react';
import { Box, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router';
import { ConnectionError, PRODUCT_NAME, useSession } from '@portal/shared';
import { AuthorizationProvider } from '../permissions/Authorization';
import { ProcessSelectionProvider } from '../processes/ProcessSelection';
import { RealtimeConnection } from '../realtime/RealtimeConnection';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { redirectFor } from '../session/redirects';
import { useAuthentication } from '../session/useAuthentication';
import { Shell } from '../shell/Shell';
import { ContentGate } from './ContentGate';
import { ContentOutlet } from './ContentOutlet';

/** What the portal shows in each state of the session machine (spec 4.1). */
export function Portal() {
  const { phase, retry } = useAuthentication();
  if (phase === 'Init') {
    return (
      <Flex minH="100vh" align="center" justify="center" gap={3} role="status">
        <Spinner size="sm" />
        <Text>Loading {PRODUCT_NAME}…</Text>
      </Flex>
    );
  }
  if (phase === 'Error') {
    return (
      <Box pt={24}>
        <ConnectionError onRetry={retry} />
      </Box>
    );
  }
  if (phase === 'SignIn') {
    // Until authenticated, mfe-auth shows sign-in, two-factor or invitation whatever the path.
    return (
      <Flex direction="column" minH="100vh" bg="bg.subtle">
        <Flex as="header" px={6} h="56px" align="center" borderBottomWidth="1px" bg="bg.panel">
          <Heading as="span" size="md">
            {PRODUCT_NAME}
          </Heading>
        </Flex>
        <Box as="main" flex="1">
          <RemoteOutlet remote="mfe-auth" />
        </Box>
      </Flex>
    );
  }
  return <AuthenticatedPortal />;
}

/** The signed-in portal: permissions, the realtime connection and the current process are kept across redirects. */
function AuthenticatedPortal() {
  return (
    <AuthorizationProvider>
      <RealtimeConnection />
      <ProcessSelectionProvider>
        <RedirectedShell />
      </ProcessSelectionProvider>
    </AuthorizationProvider>
  );
}

function RedirectedShell() {
  const session = useSession((state) => state.session);
  const { pathname } = useLocation();
  const go = useNavigate();
  const target = session ? redirectFor(session, pathname) : undefined;
  useEffect(() => {
    if (target) go(target, { replace: true });
  }, [target, go]);
  if (target) return null;
  return (
    <Shell>
      <ContentGate>
        <ContentOutlet />
      </ContentGate>
    </Shell>
  );
}
