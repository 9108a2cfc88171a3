// A triage decision on one or several findings: the state a person may set, a reason, and for a
// risk acceptance an expiry date. The API decides (all of them or none) and its refusal is shown
// at the field it names.
import { Stack, Text } from '@chakra-ui/react';
import { FormDialog, problemFieldMap } from '@portal/shared';
import { FINDING_TRIAGE_STATES, type FindingTriageState } from '@portal/shared/operations';
import { SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { plural, STATE_LABELS } from '../../../lib/labels';
import { useTriageFindings } from '../api/triageFindings';

export interface TriageDialogProps {
  graph: string;
  ids: string[];
  /** The state chosen when it opens. */
  initialState?: FindingTriageState;
  onClose: () => void;
  onDone?: () => void;
}

export function TriageDialog({ graph, ids, initialState = 'confirmed', onClose, onDone }: TriageDialogProps) {
  const [state, setState] = useState<FindingTriageState>(initialState);
  const [reason, setReason] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const triage = useTriageFindings(graph);
  const fields = problemFieldMap(triage.error);
  const accepting = state === 'risk_accepted';
  const submit = () =>
    triage.mutate(
      { ids, state, reason: reason.trim() || undefined, expires_at: accepting && expiresAt ? expiresAt : undefined },
      {
        onSuccess: () => {
          onDone?.();
          onClose();
        },
      },
    );
  const fieldError = fields.state ?? fields.reason ?? fields.expires_at ?? fields.ids;
  return (
    <FormDialog
      open
      title={ids.length === 1 ? 'Triage the finding' : `Triage ${plural(ids.length, 'finding')}`}
      onClose={onClose}
      onSubmit={submit}
      submitText="Save decision"
      busy={triage.isPending}
      error={triage.error && !fieldError ? triage.error : undefined}
    >
      <Stack gap={3}>
        <Text fontSize="sm">{ids.length === 1 ? 'One finding is selected.' : `${plural(ids.length, 'finding')} are selected: the decision applies to all of them.`}</Text>
        <SelectField
          label="State"
          value={state}
          onChange={(value) => setState(value as FindingTriageState)}
          options={FINDING_TRIAGE_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
          error={fields.state}
        />
        <TextField label="Reason" value={reason} onChange={setReason} multiline rows={3} required={accepting} error={fields.reason} />
        {accepting && <TextField label="Expires on" type="date" value={expiresAt} onChange={setExpiresAt} required error={fields.expires_at} helperText="A risk acceptance holds until this date." />}
        {fields.ids && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {fields.ids}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
