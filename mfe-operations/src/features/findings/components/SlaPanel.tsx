// The process's SLA for its findings (days from first seen to due, per severity) on the overview,
// and its editor for those who may update the process: an empty field gives a severity no due
// date. The API checks the days and its refusal shows at the field it names.
import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, FormDialog, Loading, problemFieldMap, usePermitted } from '@portal/shared';
import { FINDING_SEVERITIES, FINDING_SLA_MAX_DAYS, type FindingSeverity, type FindingSla } from '@portal/shared/operations';
import { TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { SEVERITY_LABELS } from '../../../lib/labels';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { useFindingSla, useSaveFindingSla } from '../api/findingsOverview';

const daysText = (days: number | null) => (days === null ? 'no due date' : `${days} ${days === 1 ? 'day' : 'days'}`);

function SlaDialog({ graph, sla, onClose }: { graph: string; sla: FindingSla; onClose: () => void }) {
  const [values, setValues] = useState<Record<FindingSeverity, string>>(
    () => Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, sla[severity] === null ? '' : String(sla[severity])])) as Record<FindingSeverity, string>,
  );
  const save = useSaveFindingSla(graph);
  const fields = problemFieldMap(save.error);
  const fieldError = FINDING_SEVERITIES.some((severity) => fields[severity]);
  const submit = () => {
    const next = Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, values[severity].trim() === '' ? null : Number(values[severity])])) as FindingSla;
    save.mutate(next, { onSuccess: onClose });
  };
  return (
    <FormDialog open title="Findings SLA" onClose={onClose} onSubmit={submit} submitText="Save SLA" busy={save.isPending} error={save.error && !fieldError ? save.error : undefined}>
      <Stack gap={3}>
        <Text fontSize="sm">Days from a finding's first sighting to its due date, 1 to {FINDING_SLA_MAX_DAYS}. Leave a severity empty for no due date.</Text>
        {FINDING_SEVERITIES.map((severity) => (
          <TextField
            key={severity}
            label={SEVERITY_LABELS[severity]}
            type="number"
            value={values[severity]}
            onChange={(value) => setValues((current) => ({ ...current, [severity]: value }))}
            error={fields[severity]}
            placeholder="no due date"
          />
        ))}
      </Stack>
    </FormDialog>
  );
}

export function SlaPanel({ graph }: { graph: string }) {
  const sla = useFindingSla(graph);
  const mayEdit = usePermitted(P.UPDATE_PROCESS);
  const [editing, setEditing] = useState(false);
  return (
    // Its loading state takes the size of the SLA it waits for (the trend below moved by 100 px).
    <Stack as="section" aria-label="Findings SLA" gap={2} borderWidth="1px" borderRadius="md" p={3} minW="19rem" minH="13.5rem">
      <HStack justify="space-between">
        <Text fontWeight="semibold">SLA: days to remedy</Text>
        {mayEdit && sla.data && (
          <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
            Edit SLA
          </Button>
        )}
      </HStack>
      {sla.isPending ? (
        <Loading label="Loading the SLA…" />
      ) : sla.error ? (
        <ErrorAlert error={sla.error} onRetry={() => void sla.refetch()} />
      ) : (
        <>
          <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1} fontSize="sm">
            {FINDING_SEVERITIES.map((severity) => (
              <chakra.div key={severity} display="contents">
                <chakra.dt fontWeight="medium">{SEVERITY_LABELS[severity]}</chakra.dt>
                <chakra.dd>{daysText(sla.data.sla[severity])}</chakra.dd>
              </chakra.div>
            ))}
          </chakra.dl>
          {sla.data.default && (
            <Text fontSize="xs" color="fg.muted">
              The portal's default: this process has not set its own.
            </Text>
          )}
        </>
      )}
      {editing && sla.data && <SlaDialog graph={graph} sla={sla.data.sla} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
