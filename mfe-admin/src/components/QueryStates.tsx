// The states every list and form of the administration has besides its data: loading (a status
// line with a spinner), empty, failed (the API's problem detail and a way to try again) and, for a
// read refused with 403, NO ACCESS.
import { Alert, Button, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { NoAccess } from '@portal/shared';
import type { ReactNode } from 'react';
import { problemMessage, problemStatus } from '../lib/problemMessage';

export function Loading({ label }: { label: string }) {
  return (
    <HStack role="status" aria-live="polite" gap={3} py={4} color="fg.muted">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

/** A failure in place: the API's problem detail, and Try again when the call can be repeated. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{problemMessage(error)}</Alert.Title>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert.Root>
  );
}

/** Nothing to show yet, with what to do about it (`action`). */
export function Empty({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <EmptyState.Root size="sm" borderWidth="1px" borderRadius="md">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
          {action}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  loading: string;
  /** Runs only once data has arrived. */
  children: (data: T) => ReactNode;
}

/** A read's data, or its loading state, NO ACCESS on a 403, or its failure with Try again. */
export function QueryView<T>({ query, loading, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.error || query.data === undefined) {
    if (problemStatus(query.error) === 403) return <NoAccess message={problemMessage(query.error)} />;
    return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
