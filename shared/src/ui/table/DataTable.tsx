// A plain, accessible data table for lists that fit a page (Chakra's Table recipe is not on the
// federation surface: the host would carry it in its first load): a caption naming the list,
// column headers with scope, one row per item, optionally a row header naming each row and a
// marked current row. Lists of thousands of rows use VirtualTable.
import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Row headers name the row for screen readers (e.g. the login id). */
  rowHeader?: boolean;
  /** Numbers and actions read better aligned to the end. */
  align?: 'start' | 'end';
}

export interface DataTableProps<T> {
  caption: string;
  /** The caption only for assistive technology, where a heading above already names the list. */
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Marks a row, e.g. the selected process. */
  rowCurrent?: (row: T) => boolean;
  /** Where cells sit in a row taller than them: 'top' for cells of several lines. */
  verticalAlign?: 'middle' | 'top';
}

export function DataTable<T>({ caption, captionHidden, columns, rows, rowKey, rowCurrent, verticalAlign = 'middle' }: DataTableProps<T>) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
        {captionHidden ? (
          <chakra.caption srOnly>{caption}</chakra.caption>
        ) : (
          <chakra.caption textAlign="start" fontWeight="semibold" px={3} py={2}>
            {caption}
          </chakra.caption>
        )}
        <chakra.thead bg="bg.muted">
          <chakra.tr>
            {columns.map((column) => (
              <chakra.th key={column.header} scope="col" textAlign={column.align ?? 'start'} px={3} py={2} fontWeight="semibold">
                {column.header}
              </chakra.th>
            ))}
          </chakra.tr>
        </chakra.thead>
        <chakra.tbody>
          {rows.map((row) => {
            const current = rowCurrent?.(row) ?? false;
            return (
              <chakra.tr key={rowKey(row)} borderTopWidth="1px" bg={current ? 'bg.subtle' : undefined} aria-current={current || undefined}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <chakra.th key={column.header} scope="row" textAlign={column.align ?? 'start'} px={3} py={2} fontWeight="medium">
                      {column.cell(row)}
                    </chakra.th>
                  ) : (
                    <chakra.td key={column.header} textAlign={column.align ?? 'start'} px={3} py={2} verticalAlign={verticalAlign}>
                      {column.cell(row)}
                    </chakra.td>
                  ),
                )}
              </chakra.tr>
            );
          })}
        </chakra.tbody>
      </chakra.table>
    </Box>
  );
}
