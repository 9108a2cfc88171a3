// The security standards imported into the process.
import { apiClient, Empty, QueryView } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../components/DataTable';
import { KEYS } from '../../lib/graph';

import type { Standard } from '../../types/analysis';
import { formatDate } from '../../lib/dates';

export function StandardsList({ graph }: { graph: string }) {
  const standards = useQuery({
    queryKey: KEYS.standards(graph),
    queryFn: ({ signal }) => apiClient.get<Standard[]>('standards', { graph, notices: false, signal }),
  });
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
