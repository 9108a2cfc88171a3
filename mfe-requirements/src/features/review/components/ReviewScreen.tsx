// /review-requirement (issue 6 item 5): the REVIEW tasks waiting for the signed-in user, and their
// other open tasks (implementing a delegated requirement, resolving a rejection). Opening one
// (?task=<id>) shows it beside the lists with its actions.
import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Empty, Loading, QueryView, ScreenFrame, usePermitted, type RequirementTask, type ScreenComponent } from '@portal/shared';
import { useSearchParams } from 'react-router';
import { useGraph } from '../../../lib/graph';
import { TASK_TYPE_LABELS } from '../../../components/labels';
import { P } from '../../../lib/permissions';
import { useMyTasks, useProcessTasks, useTask } from '../../requirement';
import { TaskPanel } from './TaskPanel';
import { formatDate } from '../../../lib/dates';
import { NoProcessFrame } from '../../../components/NoProcessFrame';

const OTHER_TYPES = new Set(['DELEGATE', 'RESOLVE_REJECTED']);

/** A task named for nobody: any holder of the review permission may take it (spec 6). */
const unassigned = (task: RequirementTask) => !task.assigned_to_user && !task.delegated_to && !task.assigned_to_group;

function TaskList({ label, tasks, selected, onOpen }: { label: string; tasks: RequirementTask[]; selected?: string; onOpen: (id: string) => void }) {
  return (
    <Stack as="ul" aria-label={label} gap={2} listStyleType="none">
      {tasks.map((task) => {
        const name = `${task.requirement?.code ?? ''} ${task.requirement?.title ?? ''}`.trim();
        return (
          <HStack
            as="li"
            key={task.id}
            justify="space-between"
            borderWidth="1px"
            borderRadius="md"
            p={3}
            gap={3}
            bg={task.id === selected ? 'bg.emphasized' : undefined}
            aria-current={task.id === selected ? 'true' : undefined}
          >
            <Box minW={0}>
              <Text fontWeight="semibold" truncate>
                {name || 'Task'}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {TASK_TYPE_LABELS[task.type]} · from {task.created_by?.name ?? '—'} · due {formatDate(task.due_date)}
                {task.type === 'DELEGATE' ? ` · ${task.progress} %` : ''}
              </Text>
            </Box>
            <Button size="sm" variant="outline" aria-label={`Open ${TASK_TYPE_LABELS[task.type]} task of ${name}`} onClick={() => onOpen(task.id)}>
              Open
            </Button>
          </HStack>
        );
      })}
    </Stack>
  );
}

export const ReviewScreen: ScreenComponent = ({ route }) => {
  const graph = useGraph();
  if (graph === undefined) return <NoProcessFrame route={route} description="Choose a process to see your reviews." />;
  return (
    <ScreenFrame route={route}>
      <ReviewLists graph={graph} />
    </ScreenFrame>
  );
};

function ReviewLists({ graph }: { graph: string }) {
  const reviews = useMyTasks(graph, { type: 'REVIEW', status: 'OPEN' });
  const open = useMyTasks(graph, { status: 'OPEN' });
  const mayReview = usePermitted(P.REVIEW_REQUIREMENT);
  const pool = useProcessTasks(graph, { type: 'REVIEW', status: 'OPEN' }, mayReview);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('task') ?? undefined;
  const listed = [...(reviews.data ?? []), ...(open.data ?? []), ...(pool.data ?? [])].find((task) => task.id === selectedId);
  const fetched = useTask(graph, listed ? undefined : selectedId);
  const selected = listed ?? fetched.data;

  const openTask = (id: string) => setParams({ task: id });
  const close = () => setParams({});

  return (
    <Flex gap={6} align="flex-start" direction={{ base: 'column', xl: 'row' }}>
      <Stack gap={6} flex="1" minW={0} w="full">
        <Box as="section" aria-label="Reviews waiting for you">
          <Heading as="h2" size="md" mb={3}>
            Reviews waiting for you
          </Heading>
          <QueryView query={reviews} loading="Loading reviews…">
            {(list) =>
              list.length === 0 ? (
                <Empty title="No reviews waiting" description="Requirements submitted to you for review appear here." />
              ) : (
                <TaskList label="Reviews" tasks={list} selected={selectedId} onOpen={openTask} />
              )
            }
          </QueryView>
        </Box>
        {mayReview && (
          <Box as="section" aria-label="Unassigned reviews">
            <Heading as="h2" size="md" mb={3}>
              Unassigned reviews
            </Heading>
            <QueryView query={pool} loading="Loading reviews…">
              {(list) => {
                const free = list.filter(unassigned);
                return free.length === 0 ? (
                  <Text color="fg.muted">Every review is assigned.</Text>
                ) : (
                  <TaskList label="Unassigned reviews" tasks={free} selected={selectedId} onOpen={openTask} />
                );
              }}
            </QueryView>
          </Box>
        )}
        <Box as="section" aria-label="Your other open tasks">
          <Heading as="h2" size="md" mb={3}>
            Your other open tasks
          </Heading>
          <QueryView query={open} loading="Loading tasks…">
            {(list) => {
              const others = list.filter((task) => OTHER_TYPES.has(task.type));
              return others.length === 0 ? (
                <Empty title="No other open tasks" description="Requirements delegated to you and rejections to resolve appear here." />
              ) : (
                <TaskList label="Other tasks" tasks={others} selected={selectedId} onOpen={openTask} />
              );
            }}
          </QueryView>
        </Box>
      </Stack>
      {selectedId && (
        <Box flex="1" minW={0} w="full" maxW={{ xl: '42rem' }}>
          {selected ? (
            <TaskPanel key={selected.id} graph={graph} task={selected} onClose={close} onDone={close} />
          ) : fetched.isPending ? (
            <Loading label="Loading task…" />
          ) : (
            <Empty title="Task not found" description="The task is no longer yours or no longer exists." />
          )}
        </Box>
      )}
    </Flex>
  );
}
