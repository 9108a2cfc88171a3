// The table view of the depository: every requirement of the process matching the filters, in a
// virtual list (only the rows in view exist in the page) whose pages are read by offset/limit as
// they scroll into view. Sortable columns; a row opens the requirement beside the list.
import { Box, chakra, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { Requirement } from '@portal/shared';
import type { ComplianceStatus } from '@portal/shared/compliance';
import { ErrorAlert, Loading } from '@portal/shared';
import { useVirtualRows, virtualRowPosition } from '@portal/shared/screens';
import { Link } from 'react-router';
import { ComplianceBadge, useComplianceStatuses } from '../../compliance';
import { detailPath, useRequirementPage, type RequirementFilters, type SortField } from '../../requirement';
import { DeletedTag, PriorityTag, StatusTag } from '../../../components/labels';
import { usePagedRequirements } from '../api/usePagedRequirements';
import { formatDate } from '../../../lib/dates';

export const ROW_HEIGHT = 44;
const GRID = '120px minmax(220px, 1fr) 110px 90px 80px 150px 110px 130px';

interface Column {
  header: string;
  sort?: SortField;
  /** `compliance`: the requirement's status when it has checks. */
  cell: (requirement: Requirement, compliance: ComplianceStatus | undefined) => React.ReactNode;
}

const COLUMNS: Column[] = [
  {
    header: 'Code',
    sort: 'code',
    cell: (requirement) => (
      <ChakraLink asChild colorPalette="blue" fontWeight="semibold">
        <Link to={detailPath(requirement.id)} aria-label={`Open ${requirement.code} ${requirement.title}`}>
          {requirement.code}
        </Link>
      </ChakraLink>
    ),
  },
  {
    header: 'Title',
    sort: 'title',
    cell: (requirement) => (
      <>
        <Text as="span" truncate>
          {requirement.title}
        </Text>
        {requirement.deleted_at && (
          <Box as="span" ml={2}>
            <DeletedTag />
          </Box>
        )}
      </>
    ),
  },
  { header: 'Status', sort: 'status', cell: (requirement) => <StatusTag status={requirement.status} /> },
  { header: 'Priority', sort: 'priority', cell: (requirement) => <PriorityTag priority={requirement.priority} /> },
  { header: 'Progress', sort: 'progress', cell: (requirement) => `${requirement.progress} %` },
  { header: 'Owner', cell: (requirement) => requirement.owner?.name ?? '—' },
  { header: 'Due date', sort: 'due_date', cell: (requirement) => formatDate(requirement.due_date) },
  // Only requirements with checks have a status (GET compliance/statuses, one request for the table).
  { header: 'Compliance', cell: (_requirement, compliance) => (compliance ? <ComplianceBadge status={compliance} /> : '—') },
];

export interface RequirementTableProps {
  graph: string;
  filters: RequirementFilters;
  activeId?: string;
  onSort: (sort: SortField) => void;
  /** A click anywhere on a row opens its requirement (the code is also a link). */
  onOpen: (id: string) => void;
  empty: React.ReactNode;
}

export function RequirementTable({ graph, filters, activeId, onSort, onOpen, empty }: RequirementTableProps) {
  const first = useRequirementPage(graph, filters, 0);
  const total = first.data?.total ?? 0;
  const { scrollRef, virtualizer } = useVirtualRows(total, ROW_HEIGHT, 12);
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items[items.length - 1]?.index ?? 0;
  const rows = usePagedRequirements(graph, filters, start, end);
  const compliance = useComplianceStatuses(graph);

  if (first.isPending) return <Loading label="Loading requirements…" />;
  if (first.error || !first.data) return <ErrorAlert error={first.error} onRetry={() => void first.refetch()} />;
  if (total === 0) return <>{empty}</>;

  return (
    <Box borderWidth="1px" borderRadius="md" fontSize="sm">
      {/* The count sits beside the table, not in it: a table holds rows and row groups only (axe's aria-required-children). */}
      <Box role="table" aria-label="Requirements" aria-rowcount={total + 1}>
        <Box role="rowgroup" borderBottomWidth="1px" bg="bg.muted">
          <chakra.div role="row" aria-rowindex={1} display="grid" gridTemplateColumns={GRID} px={2}>
            {COLUMNS.map((column) => {
              const active = column.sort !== undefined && filters.sort === column.sort;
              return (
                <chakra.div
                  key={column.header}
                  role="columnheader"
                  aria-sort={active ? (filters.order === 'desc' ? 'descending' : 'ascending') : undefined}
                  py={2}
                  px={1}
                  fontWeight="semibold"
                >
                  {column.sort ? (
                    <chakra.button type="button" onClick={() => onSort(column.sort!)} fontWeight="semibold" cursor="pointer">
                      {column.header}
                      {active ? (filters.order === 'desc' ? ' ▼' : ' ▲') : ''}
                    </chakra.button>
                  ) : (
                    column.header
                  )}
                </chakra.div>
              );
            })}
          </chakra.div>
        </Box>
        <Box ref={scrollRef} role="rowgroup" h="min(65vh, 720px)" minH="300px" overflowY="auto" position="relative" data-testid="requirements-scroll">
          <Box h={`${virtualizer.getTotalSize()}px`} position="relative">
            {items.map((item) => {
              const requirement = rows.rowAt(item.index);
              return (
                <chakra.div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-current={requirement && requirement.id === activeId ? 'true' : undefined}
                  {...virtualRowPosition(item.start, ROW_HEIGHT)}
                  display="grid"
                  gridTemplateColumns={GRID}
                  alignItems="center"
                  px={2}
                  borderBottomWidth="1px"
                  bg={requirement && requirement.id === activeId ? 'bg.emphasized' : requirement?.deleted_at ? 'bg.subtle' : undefined}
                  color={requirement?.deleted_at ? 'fg.muted' : undefined}
                  cursor={requirement ? 'pointer' : undefined}
                  _hover={requirement ? { bg: 'bg.muted' } : undefined}
                  onClick={(event) => {
                    if (requirement && !(event.target as HTMLElement).closest('a')) onOpen(requirement.id);
                  }}
                >
                  {requirement ? (
                    COLUMNS.map((column) => (
                      <chakra.div key={column.header} role="cell" px={1} minW={0} display="flex" alignItems="center" overflow="hidden">
                        {column.cell(requirement, compliance.get(requirement.id))}
                      </chakra.div>
                    ))
                  ) : (
                    <chakra.div role="cell" px={1} color="fg.muted" gridColumn="1 / -1">
                      Loading…
                    </chakra.div>
                  )}
                </chakra.div>
              );
            })}
          </Box>
        </Box>
      </Box>
      <Text px={3} py={1} fontSize="xs" color="fg.muted" borderTopWidth="1px" aria-live="polite">
        {total} requirement{total === 1 ? '' : 's'}
      </Text>
    </Box>
  );
}
