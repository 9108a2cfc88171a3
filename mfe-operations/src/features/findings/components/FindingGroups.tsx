// The largest groups of a list's findings by a few dimensions (the AWS screen's accounts, regions,
// standards and controls; Azure's subscriptions and services): each a small table, its rows the
// groups with their counts per severity. Choosing a group filters the list below through the URL
// (`?account=123456789012`), so the choice can be shared as a link; choosing it again clears it.
import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading } from '@portal/shared';
import { FINDING_SEVERITIES, type FindingGroup, type FindingGroupDimension } from '@portal/shared/operations';
import { useSearchParams } from 'react-router';
import { DRILL_DOWN, type DrillDown, type FindingsQuery } from '../../../lib/findingsQuery';
import { plural, SEVERITY_COLORS, SEVERITY_LABELS } from '../../../lib/labels';
import { GROUPS_SHOWN, useFindingGroups } from '../api/getFindingGroups';

export interface GroupDimension {
  /** A drill-down dimension's groups filter the list when chosen; the others (provider) only count. */
  by: FindingGroupDimension;
  /** 'Account', 'Region', 'Control'. */
  label: string;
}

function SeverityCounts({ group }: { group: FindingGroup }) {
  const shown = FINDING_SEVERITIES.filter((severity) => group.severity[severity] > 0);
  return (
    <HStack gap={2} justify="flex-end" flexWrap="wrap">
      {shown.map((severity) => (
        <Text as="span" key={severity} fontSize="xs" color={SEVERITY_COLORS[severity]} title={`${group.severity[severity]} ${SEVERITY_LABELS[severity].toLowerCase()}`}>
          {SEVERITY_LABELS[severity]} {group.severity[severity]}
        </Text>
      ))}
    </HStack>
  );
}

function GroupTable({ graph, query, dimension, interactive }: { graph: string; query: FindingsQuery; dimension: GroupDimension; interactive: boolean }) {
  const [params, setParams] = useSearchParams();
  const drills = interactive && (DRILL_DOWN as readonly string[]).includes(dimension.by);
  const chosen = drills ? params.get(dimension.by) : null;
  // A dimension's own choice is left out of its table: every account stays there to switch to.
  const others: FindingsQuery = drills ? { ...query, [dimension.by as DrillDown]: undefined } : query;
  const groups = useFindingGroups(graph, dimension.by, others);
  const choose = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (next.get(dimension.by) === key) next.delete(dimension.by);
      else next.set(dimension.by, key);
      next.delete('finding');
      return next;
    });
  const caption = `By ${dimension.label.toLowerCase()}`;
  return (
    <Box borderWidth="1px" borderRadius="md" minW="16rem" flex="1" overflowX="auto">
      {groups.isPending ? (
        <Box p={3}>
          <Loading label={`Loading ${caption.toLowerCase()}…`} />
        </Box>
      ) : groups.error ? (
        <Box p={3}>
          <ErrorAlert error={groups.error} onRetry={() => void groups.refetch()} />
        </Box>
      ) : (
        <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
          <chakra.caption textAlign="start" fontWeight="semibold" px={3} py={2}>
            {caption}
            {groups.data.total > groups.data.groups.length ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                {` · the ${groups.data.groups.length} largest of ${groups.data.total}`}
              </Text>
            ) : null}
          </chakra.caption>
          <chakra.thead bg="bg.muted">
            <chakra.tr>
              <chakra.th scope="col" px={3} py={1} textAlign="start">
                {dimension.label}
              </chakra.th>
              <chakra.th scope="col" px={3} py={1} textAlign="end">
                Findings
              </chakra.th>
            </chakra.tr>
          </chakra.thead>
          <chakra.tbody>
            {groups.data.groups.length === 0 ? (
              <chakra.tr>
                <chakra.td colSpan={2} px={3} py={2} color="fg.muted">
                  None
                </chakra.td>
              </chakra.tr>
            ) : (
              groups.data.groups.map((group) => (
                <chakra.tr key={group.key ?? ''} borderTopWidth="1px" bg={group.key !== null && group.key === chosen ? 'bg.emphasized' : undefined}>
                  <chakra.th scope="row" px={3} py={1} textAlign="start" fontWeight="normal" wordBreak="break-all">
                    {group.key === null ? (
                      <Text as="span" color="fg.muted">
                        (none)
                      </Text>
                    ) : !drills ? (
                      group.key
                    ) : (
                      <chakra.button
                        type="button"
                        textAlign="start"
                        textDecoration="underline"
                        aria-pressed={group.key === chosen}
                        aria-label={`${group.key === chosen ? 'Show every' : 'Show only'} ${dimension.label.toLowerCase()} ${group.key}`}
                        onClick={() => choose(group.key as string)}
                      >
                        {group.key}
                      </chakra.button>
                    )}
                  </chakra.th>
                  <chakra.td px={3} py={1} textAlign="end">
                    <Stack gap={0}>
                      <Text fontWeight="semibold">{plural(group.count, 'finding')}</Text>
                      <SeverityCounts group={group} />
                    </Stack>
                  </chakra.td>
                </chakra.tr>
              ))
            )}
          </chakra.tbody>
        </chakra.table>
      )}
    </Box>
  );
}

export interface FindingGroupsProps {
  graph: string;
  query: FindingsQuery;
  dimensions: readonly GroupDimension[];
  /** Choosing a group filters the list (false: the overview's top rules and resources only count). */
  interactive?: boolean;
  label?: string;
}

export function FindingGroups({ graph, query, dimensions, interactive = true, label = 'Findings by group' }: FindingGroupsProps) {
  const { sort: _sort, order: _order, ...filter } = query;
  const grouped: FindingsQuery = { ...filter, sort: 'severity', order: 'desc', limit: GROUPS_SHOWN };
  return (
    <HStack as="section" aria-label={label} align="stretch" gap={3} flexWrap="wrap">
      {dimensions.map((dimension) => (
        <GroupTable key={dimension.by} graph={graph} query={grouped} dimension={dimension} interactive={interactive} />
      ))}
    </HStack>
  );
}
