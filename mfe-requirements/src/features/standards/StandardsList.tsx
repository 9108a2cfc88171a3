// The security standards imported into the process, each with its compliance actions: apply the
// NIST templates, export its OSCAL assessment results (features/compliance-outputs).
import { HStack } from '@chakra-ui/react';
import { Empty, QueryView } from '@portal/shared';
import { ApplyTemplatesButton, OscalExportButton } from '../compliance-outputs';
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
              {
                header: 'Compliance',
                cell: (standard) => (
                  <HStack gap={2} align="start">
                    <ApplyTemplatesButton graph={graph} standard={standard} />
                    <OscalExportButton graph={graph} standard={standard} />
                  </HStack>
                ),
              },
            ]}
          />
        )
      }
    </QueryView>
  );
}
