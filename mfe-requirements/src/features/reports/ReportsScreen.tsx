// /reports: the process's reports (status, progress, coverage, overdue, gaps, risks, owner, tag)
// as tables with CSV and PDF downloads; the traceability matrix; duplicate detection; security
// standards (OSCAL import and the imported list, the OSCAL assessment results of the process).
import { Box, Heading, Stack } from '@chakra-ui/react';
import { Empty, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { SelectField } from '@portal/shared/screens';
import { useState } from 'react';
import { useCurrentGraph } from '../../lib/graph';
import { REPORT_KINDS, type ReportKind } from '../../types/analysis';
import { OscalExportButton } from '../compliance-outputs';
import { DuplicateScanPanel } from '../duplicates';
import { StandardsImportButton, StandardsList } from '../standards';
import { TraceabilityMatrix } from './TraceabilityMatrix';
import { REPORT_LABELS, ReportView } from './ReportView';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="lg" p={4}>
      <Heading as="h2" size="md" id={id} mb={3}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Reports({ graph }: { graph: string }) {
  const [kind, setKind] = useState<ReportKind>('status');
  return (
    <Stack gap={6}>
      <Section id="reports-heading" title="Reports">
        <Stack gap={4}>
          <Box maxW="20rem">
            <SelectField label="Report" value={kind} onChange={(value) => setKind(value as ReportKind)} options={REPORT_KINDS.map((value) => ({ value, label: REPORT_LABELS[value] }))} />
          </Box>
          <ReportView key={kind} graph={graph} kind={kind} />
        </Stack>
      </Section>
      <Section id="traceability-heading" title="Traceability matrix">
        <TraceabilityMatrix graph={graph} />
      </Section>
      <Box borderWidth="1px" borderRadius="lg" p={4}>
        <DuplicateScanPanel graph={graph} />
      </Box>
      <Section id="standards-heading" title="Security standards">
        <Stack gap={4}>
          <StandardsImportButton graph={graph} />
          <OscalExportButton graph={graph} />
          <StandardsList graph={graph} />
        </Stack>
      </Section>
    </Stack>
  );
}

export const ReportsScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return (
    <ScreenFrame route={route}>{graph === '' ? <Empty title="No process selected" description="Choose a process to see its reports." /> : <Reports graph={graph} />}</ScreenFrame>
  );
};
