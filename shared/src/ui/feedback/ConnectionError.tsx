import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { CONNECTION_ERROR_MESSAGE } from '../../api/errors';

export interface ConnectionErrorProps {
  onRetry: () => void;
  /** Disables Try Again while a retry is in flight. */
  retrying?: boolean;
  message?: string;
}

/** The connection error block of spec 8, with Try Again. */
export function ConnectionError({ onRetry, retrying = false, message = CONNECTION_ERROR_MESSAGE }: ConnectionErrorProps) {
  return (
    <EmptyState.Root role="alert">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Description color="fg" fontSize="md">
            {message}
          </EmptyState.Description>
          <Button colorPalette="brand" onClick={onRetry} loading={retrying} loadingText="Try Again">
            Try Again
          </Button>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
