// A task's history (spec 4.5 task events), oldest first: who did what, when, and what it changed.
import { Stack, Text } from '@chakra-ui/react';
import { QueryView } from '@portal/shared';
import { type TaskHistoryEntry } from '@portal/shared/collaboration';
import { formatTime } from '../../../lib/dates';
import { useTaskEvents } from '../api/getTaskEvents';

const EVENT_TEXT: Record<string, string> = {
  New: 'Opened',
  Assign: 'Assigned',
  'Update Progress': 'Progress updated',
  Complete: 'Completed',
  Fail: 'Failed',
  'Remind Due Date': 'Due date reminder sent',
  'Past Due': 'Past its due date',
};

/** What an entry changed, from its data (progress, a comment). */
function detailOf(entry: TaskHistoryEntry): string {
  const { progress, comment } = entry.data;
  if (typeof progress === 'number') return ` to ${progress} %`;
  if (typeof comment === 'string' && comment !== '') return `: ${comment}`;
  return '';
}

export function TaskHistory({ graph, id }: { graph: string; id: string }) {
  const events = useTaskEvents(graph, id);
  return (
    <QueryView query={events} loading="Loading history…">
      {(list) =>
        list.length === 0 ? (
          <Text color="fg.muted">No events yet.</Text>
        ) : (
          <Stack as="ol" aria-label="History" listStyleType="none" gap={1} fontSize="sm">
            {list.map((entry) => (
              <li key={entry.id}>
                <Text as="span" color="fg.muted">
                  {formatTime(entry.time)}
                </Text>{' '}
                {EVENT_TEXT[entry.type] ?? entry.type}
                {detailOf(entry)}
                {entry.actor ? ` by ${entry.actor.name}` : ''}
              </li>
            ))}
          </Stack>
        )
      }
    </QueryView>
  );
}
