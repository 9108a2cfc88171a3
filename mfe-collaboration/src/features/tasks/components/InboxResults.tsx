// One tab's tasks: loading, failure, empty (said per tab, or per filter), the list with its
// keyboard selection, and the next page on demand. How many the tab holds is the tab's count
// (GET tasks/inbox/counts, with the same filters): a page carries no total.
import { Button, HStack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, Loading, usePermitted } from '@portal/shared';
import { type TaskInboxTab } from '@portal/shared/collaboration';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import type { InboxFilters } from '../../../lib/queryKeys';
import { useInbox } from '../api/getInbox';
import { useInboxKeyboard } from '../hooks/useInboxKeyboard';
import { assignTaskPath, viewTaskPath } from '../paths';
import { InboxList } from './InboxList';

const EMPTY: Record<TaskInboxTab, { title: string; description: string }> = {
  assigned: { title: 'Nothing assigned to you', description: 'Tasks assigned or delegated to you appear here.' },
  workgroups: { title: 'Nothing for your workgroups', description: 'Tasks given to a workgroup you belong to appear here.' },
  created: { title: 'You have created no tasks', description: 'Tasks you create, and reviews you ask for, appear here.' },
  all: { title: 'No tasks in this process', description: 'Every task of the process appears here.' },
};

export function InboxResults({ graph, filters, total }: { graph: string; filters: InboxFilters; total: number | null | undefined }) {
  const inbox = useInbox(graph, filters);
  const mayAssign = usePermitted(P.ASSIGN_TASK);
  const navigate = useNavigate();
  const [selected, setSelected] = useState(-1);
  const tasks = useMemo(() => inbox.data?.pages.flatMap((page) => page.items) ?? [], [inbox.data]);

  useInboxKeyboard({
    count: tasks.length,
    selected,
    onSelect: setSelected,
    onOpen: (index) => navigate(viewTaskPath(tasks[index]!.id)),
    onAssign: mayAssign ? (index) => navigate(assignTaskPath(tasks[index]!.id)) : undefined,
  });

  if (inbox.isPending) return <Loading label="Loading tasks…" />;
  if (inbox.error && tasks.length === 0) return <ErrorAlert error={inbox.error} onRetry={() => void inbox.refetch()} />;
  if (tasks.length === 0) {
    const filtered = Boolean(filters.type || filters.due || filters.requirement || filters.assignee || filters.q);
    return filtered ? (
      <Empty title="No tasks match" description="Change or clear the search and filters." />
    ) : (
      <Empty title={EMPTY[filters.tab].title} description={filters.status === 'OPEN' ? `${EMPTY[filters.tab].description} None is open.` : EMPTY[filters.tab].description} />
    );
  }
  return (
    <>
      <InboxList tasks={tasks} selected={selected} onSelect={setSelected} />
      <HStack justify="space-between" mt={3} flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {typeof total === 'number'
            ? `Showing ${tasks.length.toLocaleString('en-US')} of ${Math.max(total, tasks.length).toLocaleString('en-US')} tasks`
            : `Showing ${tasks.length.toLocaleString('en-US')} tasks`}
        </Text>
        {inbox.hasNextPage && (
          <Button size="sm" variant="outline" loading={inbox.isFetchingNextPage} loadingText="Loading more…" onClick={() => void inbox.fetchNextPage()}>
            Load more
          </Button>
        )}
      </HStack>
      {inbox.error && <ErrorAlert error={inbox.error} onRetry={() => void inbox.fetchNextPage()} />}
    </>
  );
}
