// /applications/monitoring/events: continuous monitoring of the process — which applications are
// monitored, the events raised for them (filtered by application, type, severity; ?event=<id>
// opens one), followed live (the remote's live rules: app/liveRules.ts), and the rescan and (demo) simulation actions.
import { Box, Link as ChakraLink, HStack, Stack, Text } from '@chakra-ui/react';
import { MONITORING_EVENT_TYPES } from '@portal/shared';
import { SelectField } from '@portal/shared/screens';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { severityLabel } from '../../components/labels';
import { Empty, QueryView } from '../../components/QueryStates';
import { useApplications } from '../../features/applications/api/getApplications';
import { useMonitoringEvents } from '../../features/monitoring/api/getMonitoringEvents';
import { EventDetailPanel } from '../../features/monitoring/components/EventDetailPanel';
import { EventsTable } from '../../features/monitoring/components/EventsTable';
import { MonitoringActions } from '../../features/monitoring/components/MonitoringActions';
import { applicationPath } from '../../lib/graph';
import { usePageParams } from '../../lib/searchParams';
import { processScreen } from '../processScreen';
import { SEVERITIES, type ApplicationSummary } from '../../lib/types';

function MonitoredApplications({ applications }: { applications: ApplicationSummary[] | undefined }) {
  if (!applications) return null;
  const monitored = applications.filter((application) => application.enable_continuous_monitoring);
  if (monitored.length === 0) {
    return (
      <Text fontSize="sm" role="status">
        No application of this process has continuous monitoring on yet: turn it on in an application’s settings (Security Posture).
      </Text>
    );
  }
  return (
    <Text fontSize="sm" data-testid="monitored-applications">
      Continuous monitoring is on for{' '}
      {monitored.map((application, index) => (
        <Fragment key={application.id}>
          {index > 0 && ', '}
          <ChakraLink asChild colorPalette="blue">
            <Link to={applicationPath(application.app_key)}>{application.app_key}</Link>
          </ChakraLink>
        </Fragment>
      ))}
      . New findings in their newest builds — after an advisory import or a rescan — show here and in your notifications.
    </Text>
  );
}

function MonitoringEvents({ graph }: { graph: string }) {
  const { params, change } = usePageParams();
  const filters = {
    app: params.get('app') ?? undefined,
    type: params.get('type') ?? undefined,
    severity: params.get('severity') ?? undefined,
    offset: Math.max(0, Number(params.get('offset')) || 0),
  };
  const applications = useApplications(graph);
  const events = useMonitoringEvents(graph, filters);
  const openId = params.get('event');
  const filtering = Boolean(filters.app || filters.type || filters.severity);
  const filter = (name: string) => (value: string) => change({ [name]: value, offset: null, event: null });

  return (
    <Stack gap={4}>
      <HStack justify="space-between" align="start" gap={4} flexWrap="wrap">
        <Box flex="1" minW="16rem">
          <MonitoredApplications applications={applications.data} />
        </Box>
        <MonitoringActions graph={graph} />
      </HStack>
      <HStack gap={3} align="end" flexWrap="wrap">
        <SelectField
          label="Application"
          size="sm"
          value={filters.app ?? ''}
          emptyOption="All applications"
          options={(applications.data ?? []).map((application) => ({ value: application.app_key, label: application.app_key }))}
          onChange={filter('app')}
        />
        <SelectField label="Event" size="sm" value={filters.type ?? ''} emptyOption="All events" options={MONITORING_EVENT_TYPES.map((type) => ({ value: type, label: type }))} onChange={filter('type')} />
        <SelectField
          label="Severity"
          size="sm"
          value={filters.severity ?? ''}
          emptyOption="All severities"
          options={SEVERITIES.map((severity) => ({ value: severity, label: severityLabel(severity) }))}
          onChange={filter('severity')}
        />
      </HStack>
      <Stack direction={{ base: 'column', xl: 'row' }} gap={4} align="flex-start">
        <Box flex="1" minW={0} width="full">
          <QueryView query={events} loading="Loading the monitoring events…">
            {(page) =>
              page.total === 0 ? (
                <Empty
                  title={filtering ? 'No event matches' : 'No monitoring events yet'}
                  description={
                    filtering
                      ? 'Change or clear the filters above.'
                      : 'Events appear when an advisory import or a rescan finds a new vulnerability, or a new active exploit, in a monitored application.'
                  }
                />
              ) : (
                <EventsTable
                  page={page}
                  offset={filters.offset}
                  openId={openId}
                  onOpen={(event) => change({ event: event.id })}
                  onPage={(offset) => change({ offset: offset === 0 ? null : String(offset) })}
                />
              )
            }
          </QueryView>
        </Box>
        {openId && (
          <Box width={{ base: 'full', xl: '26rem' }} flexShrink={0}>
            <EventDetailPanel graph={graph} eventId={openId} onClose={() => change({ event: null })} />
          </Box>
        )}
      </Stack>
    </Stack>
  );
}

export const MonitoringEventsScreen = processScreen('Continuous monitoring shows the events of one process: choose a process first.', MonitoringEvents);
