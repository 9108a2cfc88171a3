// One task of the signed-in user beside the review screen's lists: the task's actions
// (TaskActions) above its requirement (description, fields, history, comments), and a link to
// the task's own page (/view-task: its history, comments and assignment).
import { Box, HStack, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { RequirementTask } from '@portal/shared';
import { ErrorAlert, Loading } from '@portal/shared';
import { TASK_TYPE_LABELS } from '../../../components/labels';
import { RequirementDetailView, TaskActions, useRequirement, viewTaskPath } from '../../requirement';
import { formatDate } from '../../../lib/dates';

export function TaskPanel({ graph, task, onClose, onDone }: { graph: string; task: RequirementTask; onClose: () => void; onDone: () => void }) {
  const requirement = useRequirement(graph, task.requirement?.id);
  const code = task.requirement?.code ?? 'the requirement';
  return (
    <Box as="aside" aria-label={`${TASK_TYPE_LABELS[task.type]} task of ${code}`} borderWidth="1px" borderRadius="md" p={4} minW={0}>
      <HStack justify="space-between" align="flex-start" mb={3}>
        <Box>
          <Text fontWeight="semibold">
            {TASK_TYPE_LABELS[task.type]} task · {code}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            From {task.created_by?.name ?? '—'} · due {formatDate(task.due_date)} · {task.progress} % ·{' '}
            <ChakraLink asChild colorPalette="blue">
              <Link to={viewTaskPath(task.id)}>View task</Link>
            </ChakraLink>
          </Text>
        </Box>
        <IconButton aria-label="Close task" size="xs" variant="ghost" onClick={onClose}>
          ✕
        </IconButton>
      </HStack>
      <TaskActions graph={graph} task={task} onDone={onDone} />
      <Stack mt={4}>
        {!task.requirement ? null : requirement.isPending ? (
          <Loading label="Loading requirement…" />
        ) : requirement.error || !requirement.data ? (
          <ErrorAlert error={requirement.error} onRetry={() => void requirement.refetch()} />
        ) : (
          <RequirementDetailView graph={graph} requirement={requirement.data} actions={false} />
        )}
      </Stack>
    </Box>
  );
}
