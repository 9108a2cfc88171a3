// The process's monitoring events as a table, newest first, a page of 100 at a time; a row opens
// the event (?event=<id>).
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { MonitoringEvent, MonitoringEventPage } from '@portal/shared';
import { ActiveExploitBadge, SeverityBadge } from '../../../components/labels';
import { type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { formatDateTime, plural } from '../../../lib/format';
import type { Severity } from '../../../lib/types';
import { EVENTS_PAGE_SIZE } from '../api/getMonitoringEvents';
import { componentText, SOURCE_LABELS } from './eventText';

const COLUMNS: VirtualColumn<MonitoringEvent>[] = [
  { id: 'time', header: 'Time', width: '150px', cell: (event) => formatDateTime(event.created_at) },
  {
    id: 'type',
    header: 'Event',
    width: '170px',
    cell: (event) => (event.type === 'New Active Exploit' ? <ActiveExploitBadge /> : <Text as="span">{event.type}</Text>),
  },
  { id: 'app', header: 'Application', width: 'minmax(110px, 1fr)', cell: (event) => <Text as="span" truncate>{event.app_key}</Text> },
  {
    id: 'vulnerability',
    header: 'Vulnerability',
    width: 'minmax(210px, 1.4fr)',
    cell: (event) => (
      <>
        <SeverityBadge severity={event.severity as Severity} score={event.score} />
        <Text as="span" truncate>
          {event.vulnerability_id}
        </Text>
      </>
    ),
  },
  { id: 'component', header: 'Component', width: 'minmax(150px, 1fr)', cell: (event) => <Text as="span" truncate>{componentText(event.component)}</Text> },
  { id: 'source', header: 'Found by', width: '120px', cell: (event) => SOURCE_LABELS[event.source] },
];

export interface EventsTableProps {
  page: MonitoringEventPage;
  offset: number;
  openId: string | null;
  onOpen: (event: MonitoringEvent) => void;
  onPage: (offset: number) => void;
}

export function EventsTable({ page, offset, openId, onOpen, onPage }: EventsTableProps) {
  const last = Math.min(offset + page.events.length, page.total);
  return (
    <Stack gap={2}>
      <VirtualTable
        label="Monitoring events"
        columns={COLUMNS}
        rows={page.events}
        rowKey={(event) => event.id}
        onOpen={onOpen}
        activeKey={openId ?? undefined}
        footer={page.total === 0 ? 'No events' : `${offset + 1}–${last} of ${plural(page.total, 'event')}`}
        testId="monitoring-events"
      />
      {page.total > EVENTS_PAGE_SIZE && (
        <HStack justify="flex-end" gap={2}>
          <Button size="xs" variant="outline" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - EVENTS_PAGE_SIZE))}>
            Newer
          </Button>
          <Button size="xs" variant="outline" disabled={last >= page.total} onClick={() => onPage(offset + EVENTS_PAGE_SIZE)}>
            Older
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
