// The process's tasks as a board by state (issue 23 item 5): Open, Completed, Failed, a page of
// each read from the inbox (tab "all", due first). A card moves only where boardMove allows — the
// workflow and the user's task authorization (spec 6), the API judging again: dragged onto a
// column, or with its "Move to" menu from the keyboard. Completing reports the task done (100 %,
// or a general task's complete); failing asks for the comment the API requires. A refused move
// says why on the card; an open card links to its task page.
import { Box, Button, chakra, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { showSnackbar, type TaskStatus } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { Select } from '@portal/shared/screens';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import {
  CommentDialog,
  holderText,
  Mark,
  TASK_STATUS_LABELS,
  typeLabel,
  useCompleteTask,
  useFailTask,
  useInbox,
  useInboxCounts,
  useTaskAuthorization,
  useUpdateTaskProgress,
  viewTaskPath,
} from '../../tasks';
import { BOARD_COLUMNS, boardMove, type BoardMove } from '../lib/boardMoves';

const DRAG_TYPE = 'application/x-portal-task';

interface Dragged {
  task: InboxTask;
  move: (to: TaskStatus) => BoardMove;
  act: (to: TaskStatus) => void;
}

export function TaskBoard({ graph }: { graph: string }) {
  const [dragged, setDragged] = useState<Dragged | undefined>();
  return (
    <HStack align="stretch" gap={4} role="list" aria-label="Tasks by state" overflowX="auto">
      {BOARD_COLUMNS.map((status) => (
        <BoardColumn key={status} graph={graph} status={status} dragged={dragged} onDrag={setDragged} />
      ))}
    </HStack>
  );
}

function BoardColumn({ graph, status, dragged, onDrag }: { graph: string; status: TaskStatus; dragged: Dragged | undefined; onDrag: (value: Dragged | undefined) => void }) {
  const inbox = useInbox(graph, { tab: 'all', status, sort: 'due_date', order: 'asc' });
  const tasks = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  // The column's total is the 'all' count of its state (a page of the inbox carries none).
  const total = useInboxCounts(graph, { status }).data?.all ?? undefined;
  const verdict = dragged?.move(status);
  const label = TASK_STATUS_LABELS[status];
  const drop = (event: DragEvent) => {
    event.preventDefault();
    if (!dragged) return;
    const move = dragged.move(status);
    if (move.allowed) dragged.act(status);
    else showSnackbar(move.reason, 'warning');
    onDrag(undefined);
  };
  return (
    <Stack
      role="listitem"
      aria-label={`${label} tasks`}
      flex="1"
      minWidth="260px"
      borderWidth="1px"
      borderRadius="md"
      p={3}
      bg={verdict?.allowed ? 'brand.subtle' : 'bg.subtle'}
      borderColor={verdict?.allowed ? 'brand.solid' : undefined}
      onDragOver={(event) => {
        if (dragged?.move(status).allowed) event.preventDefault();
      }}
      onDrop={drop}
      data-testid={`board-${status}`}
    >
      <HStack justify="space-between">
        <Heading as="h3" size="sm">
          {label}
        </Heading>
        <Text fontSize="sm" fontWeight="semibold">
          {total ?? '…'}
          <chakra.span srOnly> {label.toLowerCase()} tasks</chakra.span>
        </Text>
      </HStack>
      {inbox.isPending ? (
        <Text color="fg.muted">Loading…</Text>
      ) : inbox.isError ? (
        <Text color="fg.error">The tasks could not be read.</Text>
      ) : tasks.length === 0 ? (
        <Text color="fg.muted">No {label.toLowerCase()} tasks</Text>
      ) : (
        tasks.map((task) => <BoardCard key={task.id} graph={graph} task={task} onDrag={onDrag} />)
      )}
      {inbox.hasNextPage && (
        <Button size="xs" variant="ghost" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

function BoardCard({ graph, task, onDrag }: { graph: string; task: InboxTask; onDrag: (value: Dragged | undefined) => void }) {
  const authorization = useTaskAuthorization(task);
  const progress = useUpdateTaskProgress(graph, task.id);
  const complete = useCompleteTask(graph, task.id);
  const fail = useFailTask(graph, task.id);
  const [failing, setFailing] = useState(false);
  const move = (to: TaskStatus) => boardMove(task, to, authorization);
  const act = (to: TaskStatus) => {
    const verdict = move(to);
    if (!verdict.allowed) {
      showSnackbar(verdict.reason, 'warning');
      return;
    }
    if (verdict.action === 'fail') setFailing(true);
    else if (verdict.action === 'complete') complete.mutate();
    else progress.mutate(100);
  };
  const targets = BOARD_COLUMNS.filter((status) => status !== task.status);
  const movable = task.status === 'OPEN' && authorization.allowed;
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      bg="bg.panel"
      p={2}
      draggable={movable}
      cursor={movable ? 'grab' : undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, task.id);
        event.dataTransfer.effectAllowed = 'move';
        onDrag({ task, move, act });
      }}
      onDragEnd={() => onDrag(undefined)}
      aria-label={task.title}
      data-testid="board-card"
    >
      <ChakraLink asChild fontWeight="semibold" fontSize="sm">
        <Link to={viewTaskPath(task.id)}>{task.title}</Link>
      </ChakraLink>
      <HStack gap={2} mt={1} wrap="wrap">
        <Mark palette="gray">{typeLabel(task.type)}</Mark>
        {task.due_date && <Text fontSize="xs" color={task.overdue ? 'fg.error' : 'fg.muted'}>Due {task.due_date}</Text>}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {holderText(task)}
      </Text>
      {movable && (
        <Select
          size="sm"
          mt={2}
          fontSize="xs"
          px={1}
          bg="bg.panel"
          aria-label={`Move ${task.title} to`}
          value=""
          onChange={(event) => event.target.value && act(event.target.value as TaskStatus)}
        >
          <option value="">Move to…</option>
          {targets.map((status) => (
            <option key={status} value={status}>
              {TASK_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      )}
      {failing && (
        <CommentDialog
          title={`Fail ${task.title}`}
          label="Comment"
          submitText="Fail task"
          busy={fail.isPending}
          error={fail.error ?? undefined}
          onClose={() => setFailing(false)}
          onSubmit={(comment) => fail.mutate(comment, { onSuccess: () => setFailing(false) })}
        />
      )}
    </Box>
  );
}
