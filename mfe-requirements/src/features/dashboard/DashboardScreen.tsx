// /dashboard: the current process at a glance, as its dashboard type asks (spec 3):
// LIVE — counters and recent events follow the requirement and task events in real time (the
// remote's one subscription, app/liveRules.ts, marks them stale);
// MIX — the same figures and lists, read again every minute and on demand;
// all three with the compliance of the requirements with automated checks (ComplianceOverview);
// PRESENTATION — a large, read-only view of the figures and charts for a wall screen.
import { Box, Button, chakra, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Empty, isPlatformView, QueryView, ScreenFrame, useSession, type DashboardType, type ScreenComponent } from '@portal/shared';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TASK_TYPE_LABELS } from '../../components/labels';
import { formatDate, formatTime } from '../../lib/dates';
import { useCurrentGraph } from '../../lib/graph';
import { useLiveActivity } from '../../lib/liveActivity';
import { useDashboardStatistics } from './api/getDashboardStatistics';
import { PriorityBars, ProgressGauge, StatusDonut } from './Charts';
import { ComplianceOverview } from './ComplianceOverview';

export const MIX_REFRESH_MS = 60_000;

function Counter({ label, value, large, tone }: { label: string; value: ReactNode; large: boolean; tone?: 'warning' }) {
  return (
    <Box role="group" aria-label={label} borderWidth="1px" borderRadius="lg" p={large ? 6 : 4} minW={large ? '14rem' : '9rem'} flex="1">
      <Text fontSize={large ? 'lg' : 'sm'} color="fg.muted">
        {label}
      </Text>
      <Text fontSize={large ? '5xl' : '3xl'} fontWeight="bold" color={tone === 'warning' ? 'fg.error' : undefined} data-testid={`counter-${label}`}>
        {value}
      </Text>
    </Box>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="lg" p={4} flex="1" minW={{ base: 'full', md: '20rem' }}>
      <Heading as="h2" size="md" mb={3}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Dashboard({ graph, type }: { graph: string; type: DashboardType }) {
  const large = type === 'PRESENTATION';
  // The remote's one subscription reads the statistics again on every change of the process
  // (app/liveRules.ts); the dashboard tells how many changes arrived since it was opened.
  const activity = useLiveActivity();
  const openedAt = useRef(activity.received);
  const live = { received: activity.received - openedAt.current, last: activity.last };
  const stats = useDashboardStatistics(graph, type === 'LIVE' ? false : MIX_REFRESH_MS);

  return (
    <QueryView query={stats} loading="Loading the dashboard…">
      {(data) =>
        data.total === 0 ? (
          <Empty
            title="No requirements yet"
            description="The dashboard fills as soon as the process has requirements."
            action={
              !large && (
                <ChakraLink asChild colorPalette="blue">
                  <Link to="/requirements">Open the depository</Link>
                </ChakraLink>
              )
            }
          />
        ) : (
          <Stack gap={large ? 8 : 5}>
            <HStack justify="space-between" flexWrap="wrap" gap={2}>
              <Text fontSize="sm" color="fg.muted" role="status" aria-label="Dashboard mode">
                {type === 'LIVE' && (live.received > 0 ? `Live: ${live.received} ${live.received === 1 ? 'change' : 'changes'} received, last at ${formatTime(live.last)}` : 'Live: updates as requirements and tasks change')}
                {type === 'MIX' && 'Refreshed every minute'}
                {type === 'PRESENTATION' && 'Presentation view'}
              </Text>
              {type === 'MIX' && (
                <Button size="xs" variant="outline" loading={stats.isFetching} onClick={() => void stats.refetch()}>
                  Refresh
                </Button>
              )}
            </HStack>
            <HStack gap={4} flexWrap="wrap" align="stretch">
              <Counter label="Requirements" value={data.total} large={large} />
              <Counter label="Average progress" value={`${Math.round(data.average_progress)}%`} large={large} />
              <Counter label="Overdue" value={data.overdue} large={large} tone={data.overdue > 0 ? 'warning' : undefined} />
              <Counter label="Open gaps" value={data.open_gaps} large={large} />
              <Counter label="Open risks" value={data.open_risks} large={large} />
            </HStack>
            <HStack gap={4} flexWrap="wrap" align="stretch">
              <Panel title="By status">
                <StatusDonut byStatus={data.by_status} size={large ? 260 : 180} />
              </Panel>
              <Panel title="Progress">
                <ProgressGauge progress={data.average_progress} size={large ? 260 : 180} />
              </Panel>
              <Panel title="By priority">
                <PriorityBars byPriority={data.by_priority} width={large ? 360 : 260} />
              </Panel>
            </HStack>
            <ComplianceOverview graph={graph} refreshMs={type === 'LIVE' ? false : MIX_REFRESH_MS} large={large} />
            {!large && (
              <HStack gap={4} flexWrap="wrap" align="stretch">
                <Panel title="My tasks">
                  {data.my_tasks.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      No open task for you.
                    </Text>
                  ) : (
                    <chakra.ul listStyleType="none" aria-label="My open tasks">
                      {data.my_tasks.map((task) => (
                        <Box as="li" key={task.id} py={1.5} borderBottomWidth="1px">
                          <ChakraLink asChild colorPalette="blue">
                            <Link to={`/review-requirement?task=${encodeURIComponent(task.id)}`}>
                              {TASK_TYPE_LABELS[task.type] ?? task.type}: {task.requirement ? `${task.requirement.code} ${task.requirement.title}` : 'requirement removed'}
                            </Link>
                          </ChakraLink>
                          <Text fontSize="xs" color="fg.muted">
                            {task.due_date ? `Due ${formatDate(task.due_date)}` : 'No due date'} · {task.progress}% done
                          </Text>
                        </Box>
                      ))}
                    </chakra.ul>
                  )}
                </Panel>
                <Panel title="Recent events">
                  {data.recent_events.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      Nothing has happened yet.
                    </Text>
                  ) : (
                    <chakra.ol listStyleType="none" aria-label="Recent events">
                      {data.recent_events.map((event) => (
                        <Box as="li" key={event.eventId} py={1.5} borderBottomWidth="1px">
                          <Text fontSize="sm">
                            <Text as="span" fontWeight="semibold">
                              {event.type}
                            </Text>{' '}
                            {event.requirement.code} {event.requirement.title}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {event.actor?.name ?? 'System'} · {formatTime(event.time)}
                          </Text>
                        </Box>
                      ))}
                    </chakra.ol>
                  )}
                </Panel>
              </HStack>
            )}
          </Stack>
        )
      }
    </QueryView>
  );
}

export const DashboardScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const process = useSession((state) => state.process);
  const type: DashboardType = process?.dashboard_type ?? 'LIVE';
  return (
    <ScreenFrame route={route}>
      {graph === '' || isPlatformView(process) ? (
        <Empty title="No process selected" description={graph === '' ? 'Choose a process to see its dashboard.' : 'Platform View has no process dashboard; choose a process.'} />
      ) : (
        <Dashboard key={graph} graph={graph} type={type} />
      )}
    </ScreenFrame>
  );
};
