// The recurring task a recurring-task check names, chosen from the process's recurring task series
// (GET compliance/recurring-tasks) instead of typed as an id: type to narrow the list by title or
// rule, pick one; none chosen means every recurring task linked to the requirement. The chosen one
// shows with its rule and next due date and a way to clear it.
import { Box, Button, chakra, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ComplianceRecurringTask } from '@portal/shared/compliance';
import { useId, useState } from 'react';
import { useRecurringTasks } from '../api/getRecurringTasks';

/** Matches shown at most (type to narrow). */
export const TASKS_SHOWN = 8;

export interface RecurringTaskPickerProps {
  graph: string;
  /** The chosen series' id; '' for none (every recurring task linked to the requirement). */
  value: string;
  onChange: (taskId: string) => void;
  error?: string;
}

/** 'FREQ=MONTHLY · next due 2030-07-31', 'FREQ=WEEKLY · no open occurrence'. */
const detailOf = (task: ComplianceRecurringTask) =>
  `${task.recurrence ?? 'no longer recurs'} · ${task.next_due ? `next due ${task.next_due}` : 'no open occurrence'}`;

export function RecurringTaskPicker({ graph, value, onChange, error }: RecurringTaskPickerProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const tasks = useRecurringTasks(graph, true);
  const all = tasks.data ?? [];
  const chosen = value === '' ? undefined : all.find((task) => task.id === value);
  const wanted = text.trim().toLowerCase();
  const matches = wanted === '' ? all : all.filter((task) => task.title.toLowerCase().includes(wanted) || (task.recurrence ?? '').toLowerCase().includes(wanted));

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Recurring task</Field.Label>
      {value !== '' ? (
        <HStack justify="space-between" borderWidth="1px" borderRadius="md" px={3} py={2} width="full" role="group" aria-label="Chosen recurring task">
          <Stack gap={0}>
            <Text fontSize="sm" fontWeight="medium">
              {chosen ? chosen.title : tasks.isPending ? 'Loading…' : `Task ${value}`}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {chosen ? detailOf(chosen) : tasks.isPending ? '' : 'Not among the recurring task series of the process.'}
            </Text>
          </Stack>
          <Button size="xs" variant="outline" aria-label="Clear recurring task" onClick={() => onChange('')}>
            Clear
          </Button>
        </HStack>
      ) : (
        <Input
          type="search"
          value={text}
          placeholder="Search by title or rule"
          autoComplete="off"
          aria-controls={listId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
      )}
      <Field.HelperText>None chosen: every recurring task linked to the requirement.</Field.HelperText>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {value === '' && (
        <Box width="full" id={listId}>
          {tasks.isPending && <Spinner size="xs" aria-label="Loading recurring tasks" />}
          {tasks.isError && (
            <Text fontSize="sm" color="fg.error">
              The recurring tasks could not be read.
            </Text>
          )}
          {tasks.isSuccess && matches.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              {all.length === 0 ? 'The process has no recurring task.' : `No recurring task matches “${text.trim()}”.`}
            </Text>
          )}
          {matches.length > 0 && (
            <chakra.ul listStyleType="none" aria-label="Recurring tasks" borderWidth="1px" borderRadius="md" maxH="14rem" overflowY="auto">
              {matches.slice(0, TASKS_SHOWN).map((task) => (
                <li key={task.id}>
                  <Button
                    variant="ghost"
                    size="sm"
                    width="full"
                    height="auto"
                    py={1}
                    justifyContent="flex-start"
                    aria-label={`Choose ${task.title}`}
                    onClick={() => {
                      onChange(task.id);
                      setText('');
                    }}
                  >
                    <Stack gap={0} align="flex-start">
                      <Text as="span" fontWeight="semibold">
                        {task.title}
                      </Text>
                      <Text as="span" fontSize="xs" color="fg.muted">
                        {detailOf(task)}
                      </Text>
                    </Stack>
                  </Button>
                </li>
              ))}
            </chakra.ul>
          )}
          {matches.length > TASKS_SHOWN && (
            <Text fontSize="xs" color="fg.muted" mt={1}>
              {matches.length - TASKS_SHOWN} more: type to narrow.
            </Text>
          )}
        </Box>
      )}
    </Field.Root>
  );
}
