// A server-paged list's body, the same on every list of this remote (findings, the portfolio's
// components and applications): loading, the failure with a retry, the empty state (or "nothing
// matches" under filters), the table dimmed while a new filter's first page loads, and "Load more"
// reading the next page, with its own failure.
import { Box, Button, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, Loading } from '@portal/shared';
import { DataTable, type Column } from '@portal/shared/screens';

/** What the list reads of react-query's infinite query. */
export interface PagedQuery {
  isPending: boolean;
  error: unknown;
  data: unknown;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

export interface PagedTableProps<T> {
  pages: PagedQuery;
  items: readonly T[];
  /** Whether filters narrow the list: an empty page then says nothing matches. */
  filtering: boolean;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  rowCurrent?: (row: T) => boolean;
  /** 'Loading findings…' */
  loading: string;
  /** 'No finding matches the filters.' */
  noMatch: string;
  empty: { title: string; description: string };
}

export function PagedTable<T>({ pages, items, filtering, caption, columns, rowKey, rowCurrent, loading, noMatch, empty }: PagedTableProps<T>) {
  return (
    <>
      {pages.isPending ? (
        <Loading label={loading} />
      ) : pages.error && !pages.data ? (
        <ErrorAlert error={pages.error} onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        filtering ? (
          <Text color="fg.muted">{noMatch}</Text>
        ) : (
          <Empty title={empty.title} description={empty.description} />
        )
      ) : (
        <Box opacity={pages.isPlaceholderData ? 0.6 : 1} aria-busy={pages.isPlaceholderData || undefined}>
          <DataTable caption={caption} columns={columns} rows={[...items]} rowKey={rowKey} rowCurrent={rowCurrent} verticalAlign="top" />
        </Box>
      )}
      {pages.hasNextPage && (
        <Box>
          <Button size="sm" variant="outline" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            Load more
          </Button>
        </Box>
      )}
      {pages.isFetchNextPageError && <ErrorAlert error={pages.error} onRetry={() => void pages.fetchNextPage()} />}
    </>
  );
}
