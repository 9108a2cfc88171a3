import { Box, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  /** Icon buttons beside the title (help, logout). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The centred card every signed-out screen is drawn in; it is the page's only content. */
export function AuthCard({ title, actions, children }: AuthCardProps) {
  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.subtle" p={4}>
      <Box as="main" bg="bg" borderWidth="1px" borderRadius="lg" boxShadow="md" p={8} w="full" maxW="md">
        <HStack justify="space-between" mb={6}>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {actions}
        </HStack>
        <Stack gap={4}>{children}</Stack>
      </Box>
    </Flex>
  );
}
