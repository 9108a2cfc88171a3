import type { ReactNode } from 'react';
import { Box, Button, Flex, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { navigate, PRODUCT_NAME, useSession } from '@portal/shared';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { ProcessMenu } from '../processes/ProcessMenu';
import { ConnectionStatus } from '../realtime/ConnectionStatus';
import { AdminMenu } from './AdminMenu';
import { Footer } from './Footer';
import { NewVersionBanner } from './NewVersionBanner';
import { onlyLogout } from './shellAccess';
import { SideNav } from './SideNav';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { SupportMenu } from './SupportMenu';
import { useDocumentTitle } from './useDocumentTitle';
import { UserMenu } from './UserMenu';
import { VersionLabel } from './VersionLabel';

/** LOGOUT, always in view: one click, the same as the user menu's Logout. */
function LogoutButton() {
  return (
    <Button size="sm" variant="outline" onClick={() => navigate('/support/logout')}>
      Logout
    </Button>
  );
}

/**
 * The header's right side (spec 2.3): the realtime state (when not Connected), the notifications
 * bell, admin, process, support and user menus and Logout; only the
 * user's name and Logout for the one-time-password login or a session without access control.
 */
function HeaderMenus() {
  const session = useSession((state) => state.session);
  if (onlyLogout(session)) {
    return (
      <Flex ml="auto" align="center" gap={3}>
        {session?.user ? (
          <Text fontSize="sm" data-testid="signed-in-user">
            {session.user.name}
          </Text>
        ) : null}
        <LogoutButton />
      </Flex>
    );
  }
  // The menus fill the header's right side from its end: those that appear once permissions load
  // do not move the container (a layout shift on every route, issue 26 item 21).
  return (
    <Flex flex="1 0 auto" maxW="100%" justify="flex-end" align="center" gap={{ base: 2, md: 3 }} wrap="wrap">
      <ConnectionStatus />
      <NotificationsBell />
      <AdminMenu />
      <ProcessMenu />
      <SupportMenu />
      <UserMenu />
      <LogoutButton />
    </Flex>
  );
}

function Header() {
  const limited = useSession((state) => onlyLogout(state.session));
  return (
    // On a phone the menus wrap onto a second row rather than widen the page past the screen.
    <Flex as="header" align="center" gap={{ base: 2, md: 4 }} px={{ base: 2, md: 4 }} py={{ base: 2, md: 0 }} minH="56px" wrap="wrap" borderBottomWidth="1px" bg="bg.panel">
      <ChakraLink asChild _hover={{ textDecoration: 'none' }}>
        <Link to="/dashboard" aria-label={`${PRODUCT_NAME} home`}>
          <Heading as="span" size="md">
            {PRODUCT_NAME}
          </Heading>
        </Link>
      </ChakraLink>
      {limited ? null : <VersionLabel />}
      <HeaderMenus />
    </Flex>
  );
}

/**
 * The portal's frame: the new-version banner, header, side navigation, the content area and the
 * footer. The frame is the window's height and the content area scrolls inside it: a page growing
 * as its data arrive does not push the footer (the frame stays put; issue 26 item 21).
 */
export function Shell({ children }: { children: ReactNode }) {
  useDocumentTitle();
  return (
    <Flex direction="column" h="100dvh">
      <SkipLink />
      <NewVersionBanner />
      <Header />
      <Flex flex="1" minH={0}>
        <SideNav />
        {/* The skip link's target, where focus goes when a dialog's opener is gone, and a Tab stop:
            the content area scrolls, and a page without a control in it must scroll by keyboard too. */}
        <Box as="main" id={MAIN_CONTENT_ID} tabIndex={0} flex="1" minW={0} overflow="auto" _focus={{ outline: 'none' }}>
          {children}
        </Box>
      </Flex>
      <Footer />
    </Flex>
  );
}
