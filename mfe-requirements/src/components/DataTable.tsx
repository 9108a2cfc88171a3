// The shared kit's DataTable, with this remote's cells aligned to the top (its cells run to
// several lines: descriptions, lists of controls).
import { DataTable as KitDataTable, type DataTableProps } from '@portal/shared/screens';

export type { Column } from '@portal/shared/screens';

export function DataTable<T>(props: DataTableProps<T>) {
  return <KitDataTable verticalAlign="top" {...props} />;
}
