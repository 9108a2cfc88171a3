import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface NoAccessProps {
  /** Replaces the default explanation, e.g. to say which permission is missing. */
  message?: ReactNode;
}

/** Shown where a route or an action is guarded by a permission the user lacks (spec 2.1, 6). */
export function NoAccess({ message }: NoAccessProps) {
  return (
    <EmptyState.Root role="alert" size="lg">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title fontSize="2xl" fontWeight="bold" letterSpacing="wide">
            NO ACCESS
          </EmptyState.Title>
          <EmptyState.Description>
            {message ??
              'You do not have permission to view this page. Ask your administrator for access if you need it.'}
          </EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
