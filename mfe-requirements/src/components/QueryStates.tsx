// The three states every list of these screens has besides its data: loading, failed (with the
// API's problem detail and a way to try again) and empty.
import { Alert, Button, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { problemText } from '../lib/problemText';

export function Loading({ label }: { label: string }) {
  return (
    <HStack role="status" aria-live="polite" gap={3} py={4}>
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{problemText(error)}</Alert.Title>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert.Root>
  );
}

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

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  loading: string;
  children: (data: T) => ReactNode;
}

/** Renders a query's data, or its loading or error state. */
export function QueryView<T>({ query, loading, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.error || query.data === undefined) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
