// Loading, empty and error states of the administration screens, so every list and form shows
// them the same way: a status line with a spinner, an empty-state box, an alert with the API's
// problem detail and a way to try again.
import { Alert, Button, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { NoAccess } from '@portal/shared';
import type { ReactNode } from 'react';
import { problemMessage, problemStatus } from '../problemMessage';

export function Loading({ label }: { label: string }) {
  return (
    <HStack role="status" gap="3" py="6" color="fg.muted">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

export function EmptyNotice({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <EmptyState.Root size="sm" borderWidth="1px" borderRadius="md">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A failure in place: the API's problem detail, and Try again when the read can be repeated. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{problemMessage(error)}</Alert.Title>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert.Root>
  );
}

export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The state of a read: loading, NO ACCESS on a 403, the error with Try again, or its data.
 * `children` runs only once data has arrived.
 */
export function QueryView<T>({ query, loading, children }: { query: QueryLike<T>; loading: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) {
    if (problemStatus(query.error) === 403) return <NoAccess message={problemMessage(query.error)} />;
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data as T)}</>;
}
