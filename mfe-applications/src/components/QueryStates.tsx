// The states every view of these screens has besides its data: loading, failed (the API's problem
// detail, the paths of a 400's schema violations, a way to try again) and empty.
import { Alert, Box, Button, chakra, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { problemFields, problemText } from '../lib/problemText';

export function Loading({ label }: { label: string }) {
  return (
    <HStack role="status" aria-live="polite" gap={3} py={4}>
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

/** At most this many schema violations are listed; the rest are counted. */
const FIELDS_SHOWN = 10;

export function ErrorAlert({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const fields = problemFields(error);
  return (
    <Alert.Root status="error" role="alert" alignItems="start">
      <Alert.Indicator />
      <Box flex="1">
        <Alert.Title>{title ?? problemText(error)}</Alert.Title>
        {title && <Alert.Description>{problemText(error)}</Alert.Description>}
        {fields.length > 0 && (
          <chakra.ul mt={2} ps={5} fontSize="sm" listStyleType="disc" aria-label="Problems found">
            {fields.slice(0, FIELDS_SHOWN).map(({ field, message }) => (
              <li key={field}>
                <chakra.code fontSize="xs">{field}</chakra.code> {message}
              </li>
            ))}
            {fields.length > FIELDS_SHOWN && <li>and {fields.length - FIELDS_SHOWN} more</li>}
          </chakra.ul>
        )}
      </Box>
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

/** A query's data, or its loading or error state. */
export function QueryView<T>({ query, loading, children }: { query: QueryLike<T>; loading: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.error || query.data === undefined) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
