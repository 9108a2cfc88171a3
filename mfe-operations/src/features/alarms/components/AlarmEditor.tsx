// The alarm editor (a dialog): the name, the metric and which of its series (its labels), the
// comparator, threshold and for how long, the severity, who is told (people, workgroups, a signed
// webhook), and a preview of the rule over the metric's last 30 days ("would have fired 3 times in
// the last 30 days"). The API checks every field; its refusals show at the fields.
import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { FormDialog, problemFieldMap } from '@portal/shared';
import { ALARM_COMPARATORS, ALARM_SEVERITIES, type Alarm, type AlarmComparator, type AlarmRule, type AlarmSeverity } from '@portal/shared/operations';
import { CheckboxGroupField, SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { useAlarmMetrics, usePreviewAlarm, useRecipients, useSaveAlarm } from '../api/alarms';
import { ALARM_SEVERITY_LABELS, labelsText } from './alarmText';

export interface AlarmEditorProps {
  graph: string;
  /** The alarm to change; a new one when absent. */
  alarm?: Alarm;
  onClose: () => void;
  onSaved?: (alarm: Alarm) => void;
}

export function AlarmEditor({ graph, alarm, onClose, onSaved }: AlarmEditorProps) {
  const [name, setName] = useState(alarm?.name ?? '');
  const [metricKey, setMetricKey] = useState(alarm?.metric_key ?? '');
  const [series, setSeries] = useState(alarm ? JSON.stringify(alarm.labels) : '');
  const [comparator, setComparator] = useState<AlarmComparator>(alarm?.comparator ?? '>');
  const [threshold, setThreshold] = useState(alarm ? String(alarm.threshold) : '0');
  const [forMinutes, setForMinutes] = useState(alarm ? String(alarm.for_minutes) : '0');
  const [severity, setSeverity] = useState<AlarmSeverity>(alarm?.severity ?? 'high');
  const [userIds, setUserIds] = useState<string[]>(alarm?.user_ids ?? []);
  const [workgroupIds, setWorkgroupIds] = useState<string[]>(alarm?.workgroup_ids ?? []);
  const [webhookUrl, setWebhookUrl] = useState(alarm?.webhook_url ?? '');
  const [webhookSecret, setWebhookSecret] = useState('');
  const metrics = useAlarmMetrics(graph);
  const { people, workgroups } = useRecipients(graph);
  const save = useSaveAlarm(graph, alarm?.id);
  const preview = usePreviewAlarm(graph);
  const fields = problemFieldMap(save.error ?? preview.error);

  const metric = metrics.data?.metrics.find((candidate) => candidate.key === metricKey);
  const seriesOptions = (metric?.values ?? []).map((value) => ({ value: JSON.stringify(value.labels), label: labelsText(value.labels) }));
  const rule = (): AlarmRule => ({
    name: name.trim(),
    metric_key: metricKey,
    labels: series ? (JSON.parse(series) as Record<string, string>) : {},
    comparator,
    threshold: Number(threshold),
    for_minutes: Number(forMinutes),
    severity,
    user_ids: userIds,
    workgroup_ids: workgroupIds,
    webhook_url: webhookUrl.trim() || null,
    ...(webhookSecret ? { webhook_secret: webhookSecret } : {}),
  });
  const fieldError = Object.keys(fields).length > 0;
  return (
    <FormDialog
      open
      size="lg"
      title={alarm ? `Edit ${alarm.name}` : 'New alarm'}
      onClose={onClose}
      onSubmit={() => save.mutate(rule(), { onSuccess: (saved) => (onSaved ? onSaved(saved as Alarm) : onClose()) })}
      submitText={alarm ? 'Save alarm' : 'Create alarm'}
      busy={save.isPending}
      submitDisabled={name.trim() === '' || metricKey === ''}
      error={save.error && !fieldError ? save.error : undefined}
    >
      <Stack gap={3}>
        <TextField label="Name" value={name} onChange={setName} required error={fields.name} />
        <SelectField
          label="Metric"
          value={metricKey}
          onChange={(value) => {
            setMetricKey(value);
            setSeries('');
          }}
          emptyOption={metrics.isPending ? 'Loading the metrics…' : 'Choose a metric'}
          options={(metrics.data?.metrics ?? []).map((candidate) => ({ value: candidate.key, label: candidate.title }))}
          error={fields.metric_key}
        />
        {seriesOptions.length > 1 || (seriesOptions.length === 1 && seriesOptions[0]!.label !== 'all') ? (
          <SelectField label="Series" value={series} onChange={setSeries} emptyOption="Choose the series" options={seriesOptions} error={fields.labels} />
        ) : null}
        <HStack gap={3} align="flex-start" flexWrap="wrap">
          <SelectField label="Comparator" value={comparator} onChange={(value) => setComparator(value as AlarmComparator)} options={ALARM_COMPARATORS.map((value) => ({ value, label: value }))} error={fields.comparator} />
          <TextField label="Threshold" type="number" value={threshold} onChange={setThreshold} error={fields.threshold} />
          <TextField label="For (minutes)" type="number" value={forMinutes} onChange={setForMinutes} error={fields.for_minutes} helperText="0: fires at once" />
          <SelectField label="Severity" value={severity} onChange={(value) => setSeverity(value as AlarmSeverity)} options={ALARM_SEVERITIES.map((value) => ({ value, label: ALARM_SEVERITY_LABELS[value] }))} />
        </HStack>
        <CheckboxGroupField
          legend="Tell these people"
          values={(people.data ?? []).map((person) => person.id)}
          checked={userIds}
          onChange={setUserIds}
          labelOf={(id) => people.data?.find((person) => person.id === id)?.name ?? id}
          description={fields.user_ids}
        />
        <CheckboxGroupField
          legend="Tell these workgroups"
          values={(workgroups.data ?? []).map((group) => group.id)}
          checked={workgroupIds}
          onChange={setWorkgroupIds}
          labelOf={(id) => workgroups.data?.find((group) => group.id === id)?.name ?? id}
          description={fields.workgroup_ids}
        />
        <TextField label="Webhook URL" value={webhookUrl} onChange={setWebhookUrl} placeholder="https://…" error={fields.webhook_url} helperText="Each state change is POSTed, signed with HMAC-SHA256 (X-Portal-Signature)." />
        {webhookUrl.trim() !== '' && (
          <TextField
            label="Webhook secret"
            type="password"
            value={webhookSecret}
            onChange={setWebhookSecret}
            error={fields.webhook_secret}
            helperText={alarm?.webhook_secret_set ? 'A secret is stored: leave empty to keep it.' : 'The key of the signature; never shown again.'}
          />
        )}
        <HStack gap={3} align="center" flexWrap="wrap">
          <Button size="sm" variant="outline" disabled={metricKey === '' || name.trim() === ''} loading={preview.isPending} onClick={() => preview.mutate(rule())}>
            Preview the last 30 days
          </Button>
          {preview.data && (
            <Text fontSize="sm" role="status">
              {preview.data.summary.charAt(0).toUpperCase() + preview.data.summary.slice(1)}.
            </Text>
          )}
        </HStack>
        {preview.data && preview.data.intervals.length > 0 && (
          <chakra.ul fontSize="xs" ps={4} aria-label="Would have fired">
            {preview.data.intervals.map((interval) => (
              <li key={interval.from}>
                {interval.from.slice(0, 16).replace('T', ' ')} → {interval.to ? interval.to.slice(0, 16).replace('T', ' ') : 'still firing'}
              </li>
            ))}
          </chakra.ul>
        )}
      </Stack>
    </FormDialog>
  );
}
