// The traceability matrix: each requirement with its sub-requirements, tasks, applications, evidence (shared files) and
// source controls, its coverage as a bar; requirements with a gap (an open gap, or nothing done
// yet) are highlighted and can be shown alone. A page of rows at a time: a process may hold
// thousands. CSV export of the whole matrix.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, QueryView } from '@portal/shared';
import { useState } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { downloadTraceability, useTraceability } from './api/getTraceability';

const HEADERS = ['Requirement', 'Source', 'Sub-requirements', 'Tasks (open / closed)', 'Applications', 'Evidence', 'Source controls', 'Coverage', 'Gap'];
export const MATRIX_PAGE = 200;

export function TraceabilityMatrix({ graph }: { graph: string }) {
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [onlyGaps, setOnlyGaps] = useState(false);
  const [shown, setShown] = useState(MATRIX_PAGE);
  const matrix = useTraceability(graph);
  const exportCsv = () => {
    setBusy(true);
    setProblem(null);
    downloadTraceability(graph)
      .catch((error: unknown) => setProblem(error))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap={3}>
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          Coverage is the share of the requirement's work that is done; requirements with an open gap or nothing done yet are highlighted.
        </Text>
        <HStack gap={3}>
          <chakra.label display="flex" alignItems="center" gap={1} fontSize="sm">
            <input
              type="checkbox"
              checked={onlyGaps}
              onChange={(event) => {
                setOnlyGaps(event.target.checked);
                setShown(MATRIX_PAGE);
              }}
            />
            Only gaps
          </chakra.label>
          <Button size="sm" variant="outline" loading={busy} onClick={exportCsv} aria-label="Download traceability matrix as CSV">
            CSV
          </Button>
        </HStack>
      </HStack>
      {problem !== null && <ErrorAlert error={problem} />}
      <QueryView query={matrix} loading="Loading the traceability matrix…">
        {(all) => {
          if (all.length === 0) return <Empty title="No requirements" description="The matrix fills as the process gets requirements." />;
          const gaps = all.filter((row) => row.gap).length;
          const selected = onlyGaps ? all.filter((row) => row.gap) : all;
          const rows = selected.slice(0, shown);
          return (
            <Stack gap={2}>
              <Text fontSize="sm" role="status">
                {gaps} of {all.length} requirements have a gap.
              </Text>
              <Box overflowX="auto" borderWidth="1px" borderRadius="md">
                <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
                  <chakra.caption textAlign="start" fontWeight="semibold" px={3} py={2}>
                    Traceability matrix
                  </chakra.caption>
                  <chakra.thead bg="bg.muted">
                    <chakra.tr>
                      {HEADERS.map((header) => (
                        <chakra.th key={header} scope="col" textAlign="start" px={3} py={2}>
                          {header}
                        </chakra.th>
                      ))}
                    </chakra.tr>
                  </chakra.thead>
                  <chakra.tbody>
                    {rows.map((row) => (
                      <chakra.tr key={row.requirement.id} borderTopWidth="1px" bg={row.gap ? 'red.subtle' : undefined} data-gap={row.gap || undefined}>
                        <chakra.th scope="row" textAlign="start" px={3} py={2} pl={3 + Math.min(row.depth, 6) * 4} fontWeight="medium">
                          {row.requirement.code} {row.requirement.title}
                        </chakra.th>
                        <chakra.td px={3} py={2}>{row.requirement.source || '—'}</chakra.td>
                        <chakra.td px={3} py={2}>{row.children}</chakra.td>
                        <chakra.td px={3} py={2}>
                          {row.tasks.open} / {row.tasks.closed}
                        </chakra.td>
                        <chakra.td px={3} py={2}>{row.applications.join(', ') || '—'}</chakra.td>
                        <chakra.td px={3} py={2}>{(row.evidence ?? []).map((document) => document.name).join(', ') || '—'}</chakra.td>
                        <chakra.td px={3} py={2}>{row.source_controls.join(', ') || '—'}</chakra.td>
                        <chakra.td px={3} py={2} minW="8rem">
                          <HStack gap={2}>
                            <Box flex="1">
                              <ProgressBar label={`Coverage of ${row.requirement.code}`} value={Math.round(row.coverage * 100)} valueText={`${Math.round(row.coverage * 100)}%`} color={row.gap ? 'red.500' : 'green.500'} />
                            </Box>
                            <Text fontSize="xs">{Math.round(row.coverage * 100)}%</Text>
                          </HStack>
                        </chakra.td>
                        <chakra.td px={3} py={2} fontWeight={row.gap ? 'bold' : undefined} color={row.gap ? 'red.700' : undefined}>
                          {row.gap ? 'Gap' : '—'}
                        </chakra.td>
                      </chakra.tr>
                    ))}
                  </chakra.tbody>
                </chakra.table>
              </Box>
              {selected.length > rows.length && (
                <HStack justify="space-between">
                  <Text fontSize="sm">
                    Showing {rows.length} of {selected.length}
                  </Text>
                  <Button size="sm" variant="outline" onClick={() => setShown(shown + MATRIX_PAGE)}>
                    Show {Math.min(MATRIX_PAGE, selected.length - rows.length)} more
                  </Button>
                </HStack>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
