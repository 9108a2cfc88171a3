// The signed-in user's open tasks in the process, above the depository: each opens its requirement,
// where the task's actions are (update progress, resolve a rejection, review), or the task's own
// page (/view-task).
import { Box, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { TASK_TYPE_LABELS } from '../../../components/labels';
import { detailPath, useMyTasks, viewTaskPath } from '../../requirement';
import { formatDate } from '../../../lib/dates';

export function MyOpenTasks({ graph }: { graph: string }) {
  const tasks = useMyTasks(graph, { status: 'OPEN' });
  const list = (tasks.data ?? []).filter((task) => task.requirement);
  if (list.length === 0) return null;
  return (
    <Box as="section" aria-label="Your open tasks" borderWidth="1px" borderRadius="md" p={3} mb={3}>
      <Text fontWeight="semibold" fontSize="sm" mb={1}>
        Your open tasks ({list.length})
      </Text>
      <HStack as="ul" aria-label="Your open tasks" listStyleType="none" gap={4} flexWrap="wrap" fontSize="sm">
        {list.slice(0, 12).map((task) => (
          <li key={task.id}>
            <ChakraLink asChild colorPalette="blue">
              <Link to={detailPath(task.requirement!.id)}>
                {TASK_TYPE_LABELS[task.type]}: {task.requirement!.code} {task.requirement!.title}
              </Link>
            </ChakraLink>
            {task.due_date && (
              <Text as="span" color="fg.muted">
                {' '}
                (due {formatDate(task.due_date)})
              </Text>
            )}{' '}
            <ChakraLink asChild colorPalette="blue" aria-label={`View the ${TASK_TYPE_LABELS[task.type].toLowerCase()} task of ${task.requirement!.code}`}>
              <Link to={viewTaskPath(task.id)}>task</Link>
            </ChakraLink>
          </li>
        ))}
      </HStack>
    </Box>
  );
}
