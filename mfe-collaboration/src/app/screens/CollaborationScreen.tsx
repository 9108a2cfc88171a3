// /collaboration: the area's landing page — its three areas (tasks, shared files, organization
// chart), each shown to whom may open it, with the open tasks per inbox tab.
import { Box, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, Loading, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { type TaskInboxTab } from '@portal/shared/collaboration';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TAB_LABELS, TASKS_PATH, useInboxCounts } from '../../features/tasks';
import { useCurrentGraph } from '../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../lib/permissions';

const OPEN = { status: 'OPEN' } as const;

function Area({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p={4} flex="1" minW="16rem">
      <Heading as="h2" size="md" mb={2}>
        <ChakraLink asChild colorPalette="blue">
          <Link to={to}>{title}</Link>
        </ChakraLink>
      </Heading>
      {children}
    </Box>
  );
}

function TaskCounts({ graph }: { graph: string }) {
  const counts = useInboxCounts(graph, OPEN);
  if (counts.isPending) return <Loading label="Counting tasks…" />;
  if (counts.error || !counts.data) return <ErrorAlert error={counts.error} onRetry={() => void counts.refetch()} />;
  const data = counts.data;
  const tabs = (Object.keys(TAB_LABELS) as TaskInboxTab[]).filter((tab) => data[tab] !== null);
  return (
    <Stack as="ul" listStyleType="none" gap={1} aria-label="Open tasks">
      {tabs.map((tab) => (
        <li key={tab}>
          <ChakraLink asChild>
            <Link to={tab === 'assigned' ? TASKS_PATH : `${TASKS_PATH}?tab=${tab}`}>
              {TAB_LABELS[tab]}: {data[tab]!.toLocaleString('en-US')} open
            </Link>
          </ChakraLink>
        </li>
      ))}
    </Stack>
  );
}

export const CollaborationScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const tasks = usePermitted(P.LIST_TASK);
  const files = usePermitted(P.LIST_DOCUMENT);
  const chart = usePermitted(P.VIEW_ORG_CHART);
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its collaboration." />
      ) : (
        <HStack align="stretch" gap={4} flexWrap="wrap">
          {tasks && (
            <Area title="Tasks" to={TASKS_PATH}>
              <TaskCounts graph={graph} />
            </Area>
          )}
          {files && (
            <Area title="Shared Files" to="/collaboration/share-files">
              <Text fontSize="sm">The evidence library: documents with versions, linked to requirements.</Text>
            </Area>
          )}
          {chart && (
            <Area title="Organization Chart" to="/collaboration/org-chart">
              <Text fontSize="sm">Who reports to whom, and who can take a task.</Text>
            </Area>
          )}
        </HStack>
      )}
    </ScreenFrame>
  );
};
