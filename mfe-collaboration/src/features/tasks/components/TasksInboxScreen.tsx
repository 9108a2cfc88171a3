// /collaboration/tasks: the inbox of every task kind of the process (issue 23 item 1). Tabs with
// their counts (assigned to me, my workgroups, created by me, and all for whom may list every
// task), search and filters kept in the address, server paging ("Load more"), and the keyboard:
// j/k select, Enter opens, a assigns. "New task" (assign=>Task) creates a general task.
import { Button, HStack, Text } from '@chakra-ui/react';
import { Empty, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { type TaskInboxCounts, type TaskInboxTab } from '@portal/shared/collaboration';
import { Tabs } from '@portal/shared/screens';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { useInboxCounts } from '../api/getInboxCounts';
import { useInboxParams } from '../hooks/useInboxParams';
import { viewTaskPath } from '../paths';
import { GeneralTaskDialog } from './GeneralTaskDialog';
import { InboxFilters } from './InboxFilters';
import { InboxResults } from './InboxResults';
import { TAB_LABELS } from './tabLabels';

export const TasksInboxScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return (
    <ScreenFrame route={route}>
      {graph === '' ? <Empty title="No process selected" description="Choose a process to see its tasks." /> : <TasksInbox graph={graph} />}
    </ScreenFrame>
  );
};

const tabLabel = (tab: TaskInboxTab, counts: TaskInboxCounts | undefined) => {
  const count = counts?.[tab];
  return typeof count === 'number' ? `${TAB_LABELS[tab]} (${count.toLocaleString('en-US')})` : TAB_LABELS[tab];
};

function TasksInbox({ graph }: { graph: string }) {
  const { filters: asked, update } = useInboxParams();
  // The counts follow the filters, not the tab or the order.
  const { tab: _tab, sort: _sort, order: _order, ...countFilters } = asked;
  const counts = useInboxCounts(graph, countFilters);
  const mayListAll = usePermitted(P.LIST_TASK);
  const mayCreate = usePermitted(P.ASSIGN_TASK);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // "All" is for whom may list every task; the counts say null for the others.
  const showAll = mayListAll && counts.data?.all !== null;
  // An address naming "all" for whom may not list every task shows their own tasks instead.
  const filters = asked.tab === 'all' && !showAll ? { ...asked, tab: 'assigned' as const } : asked;
  const tab = filters.tab;
  const tabs = (['assigned', 'workgroups', 'created', ...(showAll ? ['all'] : [])] as TaskInboxTab[]).map((id) => ({
    id,
    label: tabLabel(id, counts.data),
    render: () => <InboxResults key={JSON.stringify(filters)} graph={graph} filters={filters} total={counts.data?.[id]} />,
  }));

  return (
    <>
      <HStack justify="space-between" mb={3} flexWrap="wrap" gap={2}>
        <Text fontSize="sm" color="fg.muted">
          Keys: j / k move, Enter opens, a assigns.
        </Text>
        {mayCreate && (
          <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
            New task
          </Button>
        )}
      </HStack>
      <InboxFilters graph={graph} filters={filters} update={update} />
      <Tabs label="Task inbox" tabs={tabs} selected={tab} onSelect={(id) => update({ tab: id === 'assigned' ? '' : id })} />
      {creating && <GeneralTaskDialog graph={graph} onClose={() => setCreating(false)} onSaved={(task) => navigate(viewTaskPath(task.id))} />}
    </>
  );
}
