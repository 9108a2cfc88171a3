// Links to administration pages as cards, each with its title and what it is for; only the pages
// the user may open (their route guards) are shown.
import { Box, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { AdminPage } from '../lib/adminPages';

export function PageLinks({ label, pages }: { label: string; pages: readonly AdminPage[] }) {
  return (
    <Box as="nav" aria-label={label}>
      <Stack as="ul" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
        {pages.map((page) => (
          <Box as="li" key={page.path} borderWidth="1px" borderRadius="md" p="4" _hover={{ bg: 'bg.subtle' }}>
            <ChakraLink asChild colorPalette="brand" fontWeight="semibold" fontSize="md">
              <Link to={page.path}>{page.title}</Link>
            </ChakraLink>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {page.description}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
