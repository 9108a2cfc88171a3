import type { ReactNode } from 'react';
import { Box, Button, Flex, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { navigate, PRODUCT_NAME, useSession } from '@portal/shared';
import { ProcessMenu } from '../processes/ProcessMenu';
import { AdminMenu } from './AdminMenu';
import { SideNav } from './SideNav';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * The admin and process menus, the signed-in user and Logout (the support and user menus of
 * spec 2.3 come with the shell issue).
 */
function UserBox() {
  const user = useSession((state) => state.session?.user);
  return (
    <Flex ml="auto" align="center" gap={3}>
      <AdminMenu />
      <ProcessMenu />
      {user ? (
        <Text fontSize="sm" data-testid="signed-in-user">
          {user.name}
        </Text>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => navigate('/support/logout')}>
        Logout
      </Button>
    </Flex>
  );
}

function Header() {
  return (
    <Flex as="header" align="center" gap={4} px={4} h="56px" borderBottomWidth="1px" bg="bg.panel">
      <ChakraLink asChild _hover={{ textDecoration: 'none' }}>
        <Link to="/dashboard" aria-label={`${PRODUCT_NAME} home`}>
          <Heading as="span" size="md">
            {PRODUCT_NAME}
          </Heading>
        </Link>
      </ChakraLink>
      <UserBox />
    </Flex>
  );
}

function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" px={4} py={3} borderTopWidth="1px" fontSize="xs" color="fg.muted">
      <Text>
        Security Portal Project · © {year} Security Portal Project. All rights reserved. {PRODUCT_NAME} is a trademark
        of the Security Portal Project.
      </Text>
    </Box>
  );
}

/** The portal's frame: header, side navigation, the content area and the footer. */
export function Shell({ children }: { children: ReactNode }) {
  useDocumentTitle();
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Flex flex="1" minH={0}>
        <SideNav />
        <Box as="main" flex="1" minW={0} overflow="auto">
          {children}
        </Box>
      </Flex>
      <Footer />
    </Flex>
  );
}
