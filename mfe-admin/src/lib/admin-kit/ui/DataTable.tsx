// A plain, accessible data table for the administration lists (Chakra's Table is not part of the
// portal's federation surface): a caption for screen readers, column headers with scope, rows.
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers and actions read better aligned to the end. */
  align?: 'start' | 'end';
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}

export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <chakra.div overflowX="auto" borderWidth="1px" borderRadius="md">
      <chakra.table width="full" borderCollapse="collapse" fontSize="sm">
        <chakra.caption srOnly>{caption}</chakra.caption>
        <chakra.thead bg="bg.muted">
          <chakra.tr>
            {columns.map((column) => (
              <chakra.th key={column.header} scope="col" textAlign={column.align ?? 'start'} px="3" py="2" fontWeight="semibold">
                {column.header}
              </chakra.th>
            ))}
          </chakra.tr>
        </chakra.thead>
        <chakra.tbody>
          {rows.map((row) => (
            <chakra.tr key={rowKey(row)} borderTopWidth="1px">
              {columns.map((column) => (
                <chakra.td key={column.header} textAlign={column.align ?? 'start'} px="3" py="2" verticalAlign="middle">
                  {column.cell(row)}
                </chakra.td>
              ))}
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
    </chakra.div>
  );
}
