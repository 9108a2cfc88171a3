// A table whose rows are virtual (only the rows in view exist in the page), for lists that reach
// thousands of rows (findings of a build, the apps of a portfolio). The rows are an array, or a
// count with the rows read page by page from the server as they come into view (`rowAt` answers
// undefined for a row still loading, `onVisibleRange` says which rows are in view). ARIA table
// semantics with row counts; sortable column headers are buttons that announce their order; a
// row may open something with a click or Enter.
import { Box, chakra, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { useVirtualRows, virtualRowPosition } from './virtualRows';

export type SortDirection = 'asc' | 'desc';

export interface SortState<C extends string = string> {
  column: C;
  direction: SortDirection;
}

export interface VirtualColumn<T, C extends string = string> {
  id: C;
  header: string;
  /** A CSS grid track, e.g. '120px' or 'minmax(200px, 1fr)'. */
  width: string;
  sortable?: boolean;
  cell: (row: T) => ReactNode;
}

export interface VirtualTableProps<T, C extends string = string> {
  label: string;
  columns: readonly VirtualColumn<T, C>[];
  /** Every row; or `count` and `rowAt` for rows read page by page. */
  rows?: readonly T[];
  count?: number;
  rowAt?: (index: number) => T | undefined;
  onVisibleRange?: (start: number, end: number) => void;
  rowKey: (row: T) => string;
  sort?: SortState<C>;
  onSort?: (column: C) => void;
  onOpen?: (row: T) => void;
  activeKey?: string;
  rowHeight?: number;
  /** The most the body grows to before it scrolls. */
  maxHeight?: number;
  footer?: ReactNode;
  testId?: string;
}

export function VirtualTable<T, C extends string = string>({
  label,
  columns,
  rows,
  count = rows?.length ?? 0,
  rowAt = (index) => rows?.[index],
  onVisibleRange,
  rowKey,
  sort,
  onSort,
  onOpen,
  activeKey,
  rowHeight = 44,
  maxHeight = 560,
  footer,
  testId,
}: VirtualTableProps<T, C>) {
  const { scrollRef, virtualizer } = useVirtualRows(count, rowHeight, 10);
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items[items.length - 1]?.index ?? -1;
  useEffect(() => onVisibleRange?.(start, end), [onVisibleRange, start, end]);
  const grid = columns.map((column) => column.width).join(' ');
  const height = Math.min(maxHeight, Math.max(count, 1) * rowHeight);
  return (
    <Box borderWidth="1px" borderRadius="md" fontSize="sm">
      {/* The live footer sits after the table, not in it: a table holds only rows (aria-required-children). */}
      <Box role="table" aria-label={label} aria-rowcount={count + 1} overflowX="auto">
        <Box role="rowgroup" bg="bg.muted" borderBottomWidth="1px" minW="fit-content">
          <chakra.div role="row" aria-rowindex={1} display="grid" gridTemplateColumns={grid} px={2}>
            {columns.map((column) => {
              const active = sort?.column === column.id;
              return (
                <chakra.div
                  key={column.id}
                  role="columnheader"
                  aria-sort={active ? (sort?.direction === 'desc' ? 'descending' : 'ascending') : undefined}
                  py={2}
                  px={1}
                  fontWeight="semibold"
                >
                  {column.sortable && onSort ? (
                    <chakra.button type="button" onClick={() => onSort(column.id)} fontWeight="semibold" cursor="pointer" textAlign="start">
                      {column.header}
                      {active ? (sort?.direction === 'desc' ? ' ▼' : ' ▲') : ''}
                    </chakra.button>
                  ) : (
                    column.header
                  )}
                </chakra.div>
              );
            })}
          </chakra.div>
        </Box>
        <Box ref={scrollRef} role="rowgroup" h={`${height}px`} overflowY="auto" position="relative" data-testid={testId} minW="fit-content">
          <Box h={`${virtualizer.getTotalSize()}px`} position="relative">
            {items.map((item) => {
              const row = rowAt(item.index);
              const key = row === undefined ? `loading-${item.index}` : rowKey(row);
              const active = row !== undefined && key === activeKey;
              return (
                <chakra.div
                  key={key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-current={active ? 'true' : undefined}
                  tabIndex={onOpen && row !== undefined ? 0 : undefined}
                  {...virtualRowPosition(item.start, rowHeight)}
                  display="grid"
                  gridTemplateColumns={grid}
                  alignItems="center"
                  px={2}
                  borderBottomWidth="1px"
                  bg={active ? 'bg.emphasized' : undefined}
                  cursor={onOpen ? 'pointer' : undefined}
                  _hover={onOpen ? { bg: 'bg.muted' } : undefined}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
                  onClick={(event) => {
                    if (onOpen && row !== undefined && !(event.target as HTMLElement).closest('a, button, input, select')) onOpen(row);
                  }}
                  onKeyDown={(event) => {
                    if (onOpen && row !== undefined && event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
                  }}
                >
                  {row === undefined ? (
                    <chakra.div role="cell" px={1} color="fg.muted" gridColumn="1 / -1">
                      Loading…
                    </chakra.div>
                  ) : (
                    columns.map((column) => (
                      <chakra.div key={column.id} role="cell" px={1} minW={0} display="flex" alignItems="center" gap={1} overflow="hidden">
                        {column.cell(row)}
                      </chakra.div>
                    ))
                  )}
                </chakra.div>
              );
            })}
          </Box>
        </Box>
      </Box>
      {footer !== undefined && (
        <Text px={3} py={1} fontSize="xs" color="fg.muted" borderTopWidth="1px" aria-live="polite">
          {footer}
        </Text>
      )}
    </Box>
  );
}

/** The next sort after a click on `column`: the same column flips, another starts with `first`. */
export function nextSort<C extends string>(current: SortState<C>, column: C, first: SortDirection = 'asc'): SortState<C> {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: first };
}
