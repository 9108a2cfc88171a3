import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { CONNECTION_ERROR_MESSAGE } from '../api/errors';

export interface RemoteUnavailableProps {
  /** Human name of the part of the portal that failed, e.g. "Requirements". */
  area: string;
  error?: unknown;
  onRetry: () => void;
}

function describe(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : undefined;
}

/**
 * Shown in the content area when a remote cannot be loaded, fails to mount or crashes while
 * rendering. Header, navigation and other remotes keep working around it.
 */
export function RemoteUnavailable({ area, error, onRetry }: RemoteUnavailableProps) {
  const detail = describe(error);
  return (
    <Box role="alert" data-testid="remote-unavailable" p={8} maxW="640px" mx="auto" textAlign="center">
      <Heading size="lg" mb={3}>
        {area} is not available right now
      </Heading>
      <Text mb={2}>{CONNECTION_ERROR_MESSAGE}</Text>
      {detail ? (
        <Text fontSize="sm" color="fg.muted" mb={4}>
          {detail}
        </Text>
      ) : null}
      <Button colorPalette="blue" onClick={onRetry}>
        Try Again
      </Button>
    </Box>
  );
}
