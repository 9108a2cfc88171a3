import { useEffect } from 'react';
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { bus, navigate } from '@portal/shared';

export function NotFound() {
  useEffect(() => {
    bus.emit('screen:title', { title: 'Page Not Found', owner: 'host', path: '/404' });
  }, []);
  return (
    <Box as="section" p={8} textAlign="center" data-testid="not-found">
      <Heading as="h1" size="2xl" mb={2}>
        404
      </Heading>
      <Text mb={4}>The requested resource does not exist.</Text>
      <Button colorPalette="blue" onClick={() => navigate('/dashboard')}>
        Go to Dashboard
      </Button>
    </Box>
  );
}
