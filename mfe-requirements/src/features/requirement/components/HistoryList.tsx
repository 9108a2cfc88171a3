// A requirement's history: its events, oldest first, with who and when.
import { chakra, Stack, Text } from '@chakra-ui/react';
import type { RequirementEventRecord, RequirementMove } from '@portal/shared';
import { QueryView } from '@portal/shared';
import { useRequirementRecords } from '../api/getRequirementRecords';

import { formatTime } from '../../../lib/dates';

function detailOf(event: RequirementEventRecord): string {
  const { data } = event;
  const parts: string[] = [];
  const moved = data.moved as RequirementMove | undefined;
  if (moved) parts.push(`moved from ${moved.from ? moved.from.code : 'the top level'} to ${moved.to ? moved.to.code : 'the top level'}`);
  if (typeof data.progress === 'number') parts.push(`${data.progress} %`);
  if (typeof data.comment === 'string' && data.comment.trim() !== '') parts.push(`“${data.comment}”`);
  return parts.join(' · ');
}

export function HistoryList({ graph, id }: { graph: string; id: string }) {
  const events = useRequirementRecords(graph, id, 'events');
  return (
    <QueryView query={events} loading="Loading history…">
      {(list) =>
        list.length === 0 ? (
          <Text color="fg.muted">No events yet.</Text>
        ) : (
          <Stack as="ol" aria-label="History" gap={1} listStyleType="none">
            {list.map((event) => (
              <chakra.li key={event.eventId} fontSize="sm" display="flex" gap={2} flexWrap="wrap">
                <Text as="span" fontWeight="semibold">
                  {event.type}
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  {event.actor ? `by ${event.actor.name} · ` : ''}
                  {formatTime(event.time)}
                </Text>
                {detailOf(event) && (
                  <>
                    {' '}
                    <Text as="span">{detailOf(event)}</Text>
                  </>
                )}
              </chakra.li>
            ))}
          </Stack>
        )
      }
    </QueryView>
  );
}
