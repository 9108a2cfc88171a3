// The security standards imported into the process.
import { Empty, QueryView } from '@portal/shared';
import { DataTable } from '../../components/DataTable';
import { formatDate } from '../../lib/dates';
import { useStandards } from './api/getStandards';

export function StandardsList({ graph }: { graph: string }) {
  const standards = useStandards(graph);
  return (
    <QueryView query={standards} loading="Loading standards…">
      {(list) =>
        list.length === 0 ? (
          <Empty title="No standards imported" description="Import an OSCAL catalog to add its controls as requirements." />
        ) : (
          <DataTable
            caption="Imported standards"
            rows={list}
            rowKey={(standard) => standard.id}
            columns={[
              { header: 'Standard', rowHeader: true, cell: (standard) => standard.title },
              { header: 'Version', cell: (standard) => standard.version || '—' },
              { header: 'Controls', cell: (standard) => standard.controls },
              { header: 'Imported', cell: (standard) => formatDate(standard.imported_at) },
            ]}
          />
        )
      }
    </QueryView>
  );
}
