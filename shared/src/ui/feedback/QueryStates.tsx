// The states every list, form and detail view has besides its data: loading (a status line with a
// spinner), failed (the API's problem detail and, when the call can be repeated, Try again), empty,
// and the three in one for a read (QueryView).
import { Alert, Box, Button, chakra, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/errors';
import { NoAccess } from './NoAccess';
import { problemFields, problemText } from './problemText';

export interface LoadingProps {
  label: string;
  /**
   * The height of what replaces it (a CSS length), reserved while loading so the content below
   * does not move when it arrives (layout shift).
   */
  reserve?: string;
}

export function Loading({ label, reserve }: LoadingProps) {
  return (
    <HStack role="status" aria-live="polite" gap={3} py={4} alignItems={reserve ? 'start' : undefined} minH={reserve}>
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

/** At most this many field messages are listed; the rest are counted. */
const FIELDS_SHOWN = 10;

export interface ErrorAlertProps {
  error: unknown;
  /** Offers Try again, for a call that can be repeated. */
  onRetry?: () => void;
  /** The caller's own heading; the problem detail then goes below it. */
  title?: string;
  /**
   * Also lists the field messages of the problem details (`errors`: a 400's fields, the schema
   * paths of a refused SBOM), for screens that do not show them beside their fields.
   */
  listFields?: boolean;
}

/** A failure in place: the API's problem detail, and Try again when the call can be repeated. */
export function ErrorAlert({ error, onRetry, title, listFields = false }: ErrorAlertProps) {
  const fields = listFields ? problemFields(error) : [];
  return (
    // An alert that may run to several lines keeps its icon and button at the top.
    <Alert.Root status="error" role="alert" alignItems={title !== undefined || listFields ? 'start' : 'center'}>
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

export interface EmptyProps {
  title: string;
  description?: ReactNode;
  /** What to do about it, e.g. an Add button. */
  action?: ReactNode;
}

/** Nothing to show yet, with what to do about it. */
export function Empty({ title, description, action }: EmptyProps) {
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

/** The part of a react-query result QueryView reads. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** The loading line, e.g. 'Loading users…'. */
  loading: string;
  /** Runs only once data has arrived. */
  children: (data: T) => ReactNode;
  /** A read refused with 403 shows NO ACCESS with the API's words instead of the failure and Try again. */
  noAccessOnForbidden?: boolean;
  /** See ErrorAlert. */
  listFields?: boolean;
  /** See Loading. */
  reserve?: string;
}

/** A read's data, or its loading state, or its failure with Try again. */
export function QueryView<T>({ query, loading, children, noAccessOnForbidden = false, listFields, reserve }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loading} reserve={reserve} />;
  if (query.error || query.data === undefined) {
    if (noAccessOnForbidden && isApiError(query.error) && query.error.status === 403) return <NoAccess message={problemText(query.error)} />;
    return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} listFields={listFields} />;
  }
  return <>{children(query.data)}</>;
}
