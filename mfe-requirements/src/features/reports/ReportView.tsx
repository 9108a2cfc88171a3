// One report of the process as a table, with its CSV and PDF downloads.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, QueryView, reportCellText } from '@portal/shared';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import type { ReportKind, ReportValue } from '../../types/analysis';
import { downloadReport, useReport } from './api/getReport';

export const REPORT_LABELS: Record<ReportKind, string> = {
  status: 'Status',
  progress: 'Progress',
  coverage: 'Coverage',
  overdue: 'Overdue',
  gaps: 'Gaps',
  risks: 'Risks',
  owner: 'By owner',
  tag: 'By tag',
};

/** A cell as the CSV and PDF write it (labels, MM/DD/YYYY days: the contract's reportCellText); '—' when empty. */
function cellText(key: string, value: ReportValue): string {
  const text = reportCellText(key, value);
  return text === '' ? '—' : text;
}

export function ReportView({ graph, kind }: { graph: string; kind: ReportKind }) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const report = useReport(graph, kind);
  const download = (format: 'csv' | 'pdf') => {
    setBusy(format);
    setProblem(null);
    downloadReport(graph, kind, format)
      .catch((error: unknown) => setProblem(error))
      .finally(() => setBusy(null));
  };
  const label = REPORT_LABELS[kind];
  return (
    <Stack gap={3}>
      <HStack justify="space-between" flexWrap="wrap" gap={3}>
        <Text fontWeight="semibold">{report.data?.title ?? `${label} report`}</Text>
        <HStack gap={2}>
          <Button size="sm" variant="outline" loading={busy === 'csv'} onClick={() => download('csv')} aria-label={`Download ${label} report as CSV`}>
            CSV
          </Button>
          <Button size="sm" variant="outline" loading={busy === 'pdf'} onClick={() => download('pdf')} aria-label={`Download ${label} report as PDF`}>
            PDF
          </Button>
        </HStack>
      </HStack>
      {problem !== null && <ErrorAlert error={problem} />}
      {/* A preview of a fixed height (the whole report is the download): the sections below stay
          where they are while it loads and whatever its length (issue 26 item 21). */}
      <Box h="22rem" overflowY="auto" tabIndex={0} role="region" aria-label={`${label} report preview`}>
        <QueryView query={report} loading={`Loading the ${label.toLowerCase()} report…`}>
          {(data) =>
            data.rows.length === 0 ? (
              <Empty title="Nothing to report" description="The report has no rows for this process yet." />
            ) : (
              <DataTable
                caption={data.title}
                rows={data.rows.map((row, index) => ({ row, index }))}
                rowKey={({ index }) => String(index)}
                columns={data.columns.map((column, position) => ({
                  header: column.label,
                  rowHeader: position === 0,
                  cell: ({ row }: { row: Record<string, ReportValue> }) => cellText(column.key, row[column.key] ?? null),
                }))}
              />
            )
          }
        </QueryView>
      </Box>
    </Stack>
  );
}
