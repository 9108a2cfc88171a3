// /alarms: the process's alarms with their state, rule, last value and last change, the firing
// ones first; "New alarm" for who may create one. /alarms/:id (a notification's link): one alarm,
// its rule and recipients, Acknowledge with a note while it fires, Edit, Delete (confirmed), its
// history of state changes, newest first.
import { Box, Button, chakra, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, Empty, ErrorAlert, FormDialog, Loading, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { ALARM_STATES, type Alarm } from '@portal/shared/operations';
import { DataTable, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { useAcknowledgeAlarm, useAlarm, useAlarmHistory, useAlarms, useDeleteAlarm } from '../api/alarms';
import { AlarmEditor } from './AlarmEditor';
import { acknowledgeable, ALARM_SEVERITY_LABELS, ALARM_STATE_COLORS, ALARM_STATE_LABELS, labelsText, ruleText } from './alarmText';

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** The state as a tag (Chakra's Badge is not on the portal's federation surface). */
function StateBadge({ alarm }: { alarm: Pick<Alarm, 'state'> }) {
  const color = ALARM_STATE_COLORS[alarm.state];
  return (
    <Text as="span" display="inline-block" px={2} borderRadius="sm" fontSize="xs" fontWeight="semibold" bg={`${color}.100`} color={`${color}.800`}>
      {ALARM_STATE_LABELS[alarm.state]}
    </Text>
  );
}

/** Firing first, then acknowledged, pending, resolved, ok; by name within. */
const ORDER = ['firing', 'acknowledged', 'pending', 'resolved', 'ok'] as const satisfies readonly (typeof ALARM_STATES)[number][];
const byUrgency = (a: Alarm, b: Alarm) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state) || a.name.localeCompare(b.name);

function AlarmList({ graph }: { graph: string }) {
  const alarms = useAlarms(graph);
  const mayCreate = usePermitted(P.CREATE_ALARM);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap={4}>
      {mayCreate && (
        <Box>
          <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
            New alarm
          </Button>
        </Box>
      )}
      {alarms.isPending ? (
        <Loading label="Loading alarms…" />
      ) : alarms.error ? (
        <ErrorAlert error={alarms.error} onRetry={() => void alarms.refetch()} />
      ) : alarms.data.length === 0 ? (
        <Empty title="No alarms yet" description={mayCreate ? 'An alarm watches a metric and tells people when it crosses a threshold.' : 'No alarm watches this process yet.'} />
      ) : (
        <DataTable<Alarm>
          caption="Alarms"
          rows={[...alarms.data].sort(byUrgency)}
          rowKey={(alarm) => alarm.id}
          columns={[
            {
              header: 'Alarm',
              rowHeader: true,
              cell: (alarm) => (
                <ChakraLink asChild>
                  <Link to={`/alarms/${encodeURIComponent(alarm.id)}`}>{alarm.name}</Link>
                </ChakraLink>
              ),
            },
            { header: 'State', cell: (alarm) => <StateBadge alarm={alarm} /> },
            { header: 'Rule', cell: (alarm) => `${alarm.metric_key} (${labelsText(alarm.labels)}) ${ruleText(alarm)}` },
            { header: 'Value', cell: (alarm) => (alarm.value === null ? '—' : alarm.value.toLocaleString('en-US')) },
            { header: 'Severity', cell: (alarm) => ALARM_SEVERITY_LABELS[alarm.severity] },
            { header: 'Last change', cell: (alarm) => when(alarm.last_change_at) },
          ]}
        />
      )}
      {creating && <AlarmEditor graph={graph} onClose={() => setCreating(false)} onSaved={(alarm) => navigate(`/alarms/${encodeURIComponent(alarm.id)}`)} />}
    </Stack>
  );
}

export const AlarmsScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return <ScreenFrame route={route}>{graph === '' ? <Empty title="No process selected" description="Choose a process to see its alarms." /> : <AlarmList graph={graph} />}</ScreenFrame>;
};

function AcknowledgeDialog({ graph, alarm, onClose }: { graph: string; alarm: Alarm; onClose: () => void }) {
  const [note, setNote] = useState('');
  const acknowledge = useAcknowledgeAlarm(graph, alarm.id);
  return (
    <FormDialog
      open
      title={`Acknowledge ${alarm.name}`}
      onClose={onClose}
      onSubmit={() => acknowledge.mutate(note.trim(), { onSuccess: onClose })}
      submitText="Acknowledge"
      busy={acknowledge.isPending}
      submitDisabled={note.trim() === ''}
      error={acknowledge.error ?? undefined}
    >
      <TextField label="Note" value={note} onChange={setNote} multiline rows={3} required helperText="What is being done about it: kept in the alarm's history." />
    </FormDialog>
  );
}

function AlarmView({ graph, id }: { graph: string; id: string }) {
  const alarm = useAlarm(graph, id);
  const history = useAlarmHistory(graph, id);
  const mayUpdate = usePermitted(P.UPDATE_ALARM);
  const mayDelete = usePermitted(P.DELETE_ALARM);
  const remove = useDeleteAlarm(graph, id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'acknowledge' | 'delete' | null>(null);
  if (alarm.isPending) return <Loading label="Loading the alarm…" />;
  if (alarm.error) return <ErrorAlert error={alarm.error} onRetry={() => void alarm.refetch()} />;
  const current = alarm.data;
  return (
    <Stack gap={5}>
      <HStack gap={3} flexWrap="wrap">
        <StateBadge alarm={current} />
        <Text>
          {current.metric_key} ({labelsText(current.labels)}) {ruleText(current)} · {ALARM_SEVERITY_LABELS[current.severity]}
        </Text>
      </HStack>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1} fontSize="sm">
        <chakra.dt fontWeight="medium">Value</chakra.dt>
        <chakra.dd>{current.value === null ? 'none yet' : current.value.toLocaleString('en-US')}</chakra.dd>
        <chakra.dt fontWeight="medium">Condition holds since</chakra.dt>
        <chakra.dd>{when(current.condition_since)}</chakra.dd>
        <chakra.dt fontWeight="medium">Last change</chakra.dt>
        <chakra.dd>{when(current.last_change_at)}</chakra.dd>
        <chakra.dt fontWeight="medium">Told</chakra.dt>
        <chakra.dd>
          {`${current.user_ids.length} ${current.user_ids.length === 1 ? 'person' : 'people'}, ${current.workgroup_ids.length} ${current.workgroup_ids.length === 1 ? 'workgroup' : 'workgroups'}`}
          {current.webhook_url ? `, webhook ${current.webhook_url}` : ''}
        </chakra.dd>
      </chakra.dl>
      <HStack gap={2} flexWrap="wrap">
        {mayUpdate && acknowledgeable(current) && (
          <Button size="sm" colorPalette="brand" onClick={() => setDialog('acknowledge')}>
            Acknowledge
          </Button>
        )}
        {mayUpdate && (
          <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
            Edit
          </Button>
        )}
        {mayDelete && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        )}
      </HStack>
      {remove.error ? <ErrorAlert error={remove.error} title="The alarm was not deleted" /> : null}
      <Stack as="section" aria-label="History" gap={2}>
        <Text fontWeight="semibold">History</Text>
        {history.isPending ? (
          <Loading label="Loading the history…" />
        ) : history.error ? (
          <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.items.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No state change yet.
          </Text>
        ) : (
          <Stack as="ol" gap={1} fontSize="sm" ps={4}>
            {history.data.items.map((event) => (
              <li key={event.id}>
                {when(event.at)}: {ALARM_STATE_LABELS[event.from]} → {ALARM_STATE_LABELS[event.to]}
                {event.value === null ? '' : ` at ${event.value.toLocaleString('en-US')}`}
                {event.by ? ` by ${event.by}` : ''}
                {event.note ? ` — ${event.note}` : ''}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {dialog === 'edit' && <AlarmEditor graph={graph} alarm={current} onClose={() => setDialog(null)} />}
      {dialog === 'acknowledge' && <AcknowledgeDialog graph={graph} alarm={current} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          open
          title={`Delete ${current.name}?`}
          message="The alarm and its history are deleted; no one is told of it again."
          yesText="Delete"
          noText="Cancel"
          busy={remove.isPending}
          onNo={() => setDialog(null)}
          onYes={() => remove.mutate(undefined, { onSuccess: () => navigate('/alarms'), onError: () => setDialog(null) })}
        />
      )}
    </Stack>
  );
}

export const AlarmScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const { id = '' } = useParams();
  const alarm = useAlarm(graph, id);
  return (
    <ScreenFrame route={route} title={alarm.data ? `Alarm ${alarm.data.name}` : 'Alarm'}>
      {graph === '' ? <Empty title="No process selected" description="Choose a process to see its alarms." /> : <AlarmView graph={graph} id={id} />}
    </ScreenFrame>
  );
};
