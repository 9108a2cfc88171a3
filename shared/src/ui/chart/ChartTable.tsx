// The text alternative of a chart (WCAG 1.1.1; issue 26 item 20): the chart itself carries a short
// summary (its aria-label), and this is the data it draws as a table, behind a "Show table"
// toggle beside it, so anyone (a screen reader, a keyboard user, someone who cannot tell the
// colours apart) can read the figures. The table is rendered only while shown.
import { Box, Button } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { DataTable, type Column } from '../table/DataTable';

export type ChartCell = string | number;
interface Row {
  index: number;
  cells: readonly ChartCell[];
}

export interface ChartTableProps {
  /** Names the table (its caption), e.g. "Requirements by status". */
  caption: string;
  /** Column headers; the first column names each row. */
  headers: readonly string[];
  rows: readonly (readonly ChartCell[])[];
  /** Shown at first (e.g. where the chart cannot be drawn on a small screen). */
  defaultOpen?: boolean;
}

export function ChartTable({ caption, headers, rows, defaultOpen = false }: ChartTableProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const columns: Column<Row>[] = headers.map((header, index) => ({
    header,
    cell: (row) => row.cells[index],
    rowHeader: index === 0,
    align: index > 0 && rows.every((row) => typeof row[index] === 'number') ? 'end' : 'start',
  }));
  return (
    <Box>
      <Button size="xs" variant="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide table' : 'Show table'}
        <Box as="span" srOnly>
          {` of ${caption.charAt(0).toLowerCase()}${caption.slice(1)}`}
        </Box>
      </Button>
      <Box id={id} hidden={!open} mt={open ? 2 : 0}>
        {open && <DataTable caption={caption} columns={columns} rows={rows.map((cells, index) => ({ index, cells }))} rowKey={(row) => String(row.index)} />}
      </Box>
    </Box>
  );
}
