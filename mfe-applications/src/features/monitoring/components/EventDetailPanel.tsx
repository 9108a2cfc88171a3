// One monitoring event (?event=<id>): what was found, where and how, who was notified, and the
// finding as it stands now in that build (still there, its VEX analysis, where it is fixed).
import { Box, Button, chakra, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { MonitoringEventDetail } from '@portal/shared';
import { Link } from 'react-router';
import { ActiveExploitBadge, SeverityBadge } from '../../../components/labels';
import { QueryView } from '../../../components/QueryStates';
import { formatDateTime, plural } from '../../../lib/format';
import { applicationPath } from '../../../lib/graph';
import type { Severity } from '../../../lib/types';
import { useMonitoringEvent } from '../api/getMonitoringEvent';
import { componentText, SOURCE_LABELS } from './eventText';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <chakra.dt color="fg.muted">{term}</chakra.dt>
      <chakra.dd minW={0} wordBreak="break-word">
        {children}
      </chakra.dd>
    </>
  );
}

function findingNow(event: MonitoringEventDetail): string {
  if (!event.build) return 'The build is gone: its SBOMs were cleared.';
  if (!event.finding.present) return `No longer a finding of build ${event.build.number}.`;
  const analysis = event.finding.analysis_state ? `analysed as ${event.finding.analysis_state.replace(/_/g, ' ')}` : 'not analysed yet';
  return `Still a finding of build ${event.build.number}, ${analysis}.`;
}

export function EventDetail({ event }: { event: MonitoringEventDetail }) {
  return (
    <Stack gap={3}>
      <HStack gap={2} flexWrap="wrap">
        <Text fontWeight="semibold">{event.type}</Text>
        <SeverityBadge severity={event.severity as Severity} score={event.score} />
        {event.active_exploit && <ActiveExploitBadge />}
      </HStack>
      {event.summary && <Text fontSize="sm">{event.summary}</Text>}
      <chakra.dl display="grid" gridTemplateColumns="9rem 1fr" columnGap={3} rowGap={1} fontSize="sm">
        <Row term="When">{formatDateTime(event.created_at)}</Row>
        <Row term="Application">
          <ChakraLink asChild colorPalette="blue">
            <Link to={applicationPath(event.app_key, event.build ? { build: event.build.id } : {})}>{event.app_key}</Link>
          </ChakraLink>
          {event.build ? ` (build ${event.build.number})` : ''}
        </Row>
        <Row term="Vulnerability">
          {event.vulnerability_id}
          {event.aliases.length > 0 ? ` (${event.aliases.join(', ')})` : ''}
        </Row>
        <Row term="Component">
          {componentText(event.component)}
          {event.component.purl && (
            <Text as="span" display="block" color="fg.muted" fontSize="xs" wordBreak="break-all">
              {event.component.purl}
            </Text>
          )}
        </Row>
        <Row term="Found by">
          {SOURCE_LABELS[event.source]}
          {event.triggered_by ? ` (${event.triggered_by})` : ''}
        </Row>
        <Row term="Notified">{plural(event.notified, 'person', 'people')}</Row>
        <Row term="Now">{findingNow(event)}</Row>
        <Row term="Fixed in">{event.finding.fixed_versions.length > 0 ? event.finding.fixed_versions.join(', ') : 'no fixed version known'}</Row>
      </chakra.dl>
    </Stack>
  );
}

export function EventDetailPanel({ graph, eventId, onClose }: { graph: string; eventId: string; onClose: () => void }) {
  const event = useMonitoringEvent(graph, eventId);
  return (
    <Box as="section" aria-label="Monitoring event" borderWidth="1px" borderRadius="md" p={4} bg="bg.subtle">
      <HStack justify="space-between" mb={2}>
        <Heading as="h2" size="sm">
          {event.data ? `${event.data.vulnerability_id} in ${event.data.app_key}` : 'Monitoring event'}
        </Heading>
        <Button size="xs" variant="outline" onClick={onClose}>
          Close
        </Button>
      </HStack>
      <QueryView query={event} loading="Loading the event…">
        {(data) => <EventDetail event={data} />}
      </QueryView>
    </Box>
  );
}
