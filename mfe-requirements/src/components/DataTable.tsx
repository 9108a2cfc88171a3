// A plain, accessible data table for the administration lists (Chakra's Table is not part of the
// portal's federation surface): a caption naming the list, column headers, one row per item.
import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Row headers name the row for screen readers (e.g. the login id). */
  rowHeader?: boolean;
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Marks a row, e.g. the selected process. */
  rowCurrent?: (row: T) => boolean;
}

export function DataTable<T>({ caption, columns, rows, rowKey, rowCurrent }: DataTableProps<T>) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
        <chakra.caption textAlign="start" fontWeight="semibold" px={3} py={2}>
          {caption}
        </chakra.caption>
        <chakra.thead bg="bg.muted">
          <chakra.tr>
            {columns.map((column) => (
              <chakra.th key={column.header} scope="col" textAlign="start" px={3} py={2} fontWeight="semibold">
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
                    <chakra.th key={column.header} scope="row" textAlign="start" px={3} py={2} fontWeight="medium">
                      {column.cell(row)}
                    </chakra.th>
                  ) : (
                    <chakra.td key={column.header} px={3} py={2} verticalAlign="top">
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
