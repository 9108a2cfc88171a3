// Conflicts between two requirements of the process: add one (RESOLVE_CONFLICT task) and the list.
import { FormDialog, showSnackbar, usePermitted, type RequirementRef } from '@portal/shared';
import { TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { P } from '../../lib/permissions';
import { RequirementPicker } from '../requirement';
import { useAddConflict } from './api/addConflict';
import { useConflicts } from './api/getConflicts';
import { AnalysisTab } from './AnalysisTab';
import { formatDate } from '../../lib/dates';

function AddConflictDialog({ graph, open, onClose }: { graph: string; open: boolean; onClose: () => void }) {
  const [a, setA] = useState<RequirementRef | null>(null);
  const [b, setB] = useState<RequirementRef | null>(null);
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddConflict(graph);
  const close = () => {
    setA(null);
    setB(null);
    setDescription('');
    setTried(false);
    add.reset();
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (!a || !b || !description.trim()) return;
    add.mutate({ requirement_a_id: a.id, requirement_b_id: b.id, description: description.trim() }, {
      onSuccess: () => {
        showSnackbar(`Conflict between ${a.code} and ${b.code} added.`, 'success');
        close();
      },
    });
  };
  return (
    <FormDialog open={open} title="Add conflict" submitText="Add conflict" onClose={close} onSubmit={submit} busy={add.isPending} error={add.error ?? undefined}>
      <RequirementPicker graph={graph} label="First requirement" value={a} onChange={setA} exclude={b?.id} error={tried && !a ? 'Choose the first requirement.' : undefined} />
      <RequirementPicker graph={graph} label="Second requirement" value={b} onChange={setB} exclude={a?.id} error={tried && !b ? 'Choose the second requirement.' : undefined} />
      <TextField label="Description" multiline rows={3} required markRequired={false} value={description} onChange={setDescription} error={tried && !description.trim() ? 'Describe the conflict.' : undefined} />
    </FormDialog>
  );
}

export function ConflictsTab({ graph }: { graph: string }) {
  const canAnalyze = usePermitted(P.ANALYZE_REQUIREMENT);
  const conflicts = useConflicts(graph);
  return (
    <AnalysisTab
      query={conflicts}
      loading="Loading conflicts…"
      addText="Add conflict"
      mayAdd={canAnalyze}
      empty={{ title: 'No conflicts', description: 'No conflict between requirements has been recorded.' }}
      addDialog={(open, onClose) => <AddConflictDialog graph={graph} open={open} onClose={onClose} />}
    >
      {(list) => (
        <DataTable
          caption="Conflicts"
          rows={list}
          rowKey={(conflict) => conflict.id}
          columns={[
            { header: 'Requirements', rowHeader: true, cell: (conflict) => `${conflict.a.code} ↔ ${conflict.b.code}` },
            { header: 'Description', cell: (conflict) => conflict.description },
            { header: 'Status', cell: (conflict) => (conflict.status === 'OPEN' ? 'Open' : 'Resolved') },
            { header: 'Recorded', cell: (conflict) => formatDate(conflict.created_at) },
          ]}
        />
      )}
    </AnalysisTab>
  );
}
