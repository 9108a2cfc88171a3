// The gaps of the process (spec: gap analysis): filter open/closed, search, identify a gap on a
// requirement (HAS_GAP task) for an assignee (by default the requirement's owner), see who closes
// each, close a gap after confirmation.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, Empty, FormDialog, QueryView, showSnackbar, usePermitted, type RequirementRef } from '@portal/shared';
import { SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { RequirementPicker, useAssignees } from '../requirement';
import type { Gap } from '../../types/analysis';
import { useCloseGap } from './api/closeGap';
import { useGaps } from './api/getGaps';
import { useIdentifyGap } from './api/identifyGap';
import { P } from '../../lib/permissions';
import { formatDate } from '../../lib/dates';

const G = { CREATE: P.GAP_CREATE, UPDATE: P.GAP_UPDATE };

interface GapForm {
  requirement: RequirementRef | null;
  description: string;
  remediation_plan: string;
  target_date: string;
  assignee_id: string;
}

const EMPTY_FORM: GapForm = { requirement: null, description: '', remediation_plan: '', target_date: '', assignee_id: '' };

export function validateGap(form: GapForm): Partial<Record<keyof GapForm, string>> {
  const errors: Partial<Record<keyof GapForm, string>> = {};
  if (!form.requirement) errors.requirement = 'Choose the requirement.';
  if (!form.description.trim()) errors.description = 'Describe the gap.';
  if (!form.remediation_plan.trim()) errors.remediation_plan = 'Give the remediation plan.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.target_date)) errors.target_date = 'Give the target date.';
  return errors;
}

function IdentifyGapDialog({ graph, open, onClose }: { graph: string; open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<GapForm>(EMPTY_FORM);
  const [tried, setTried] = useState(false);
  const assignees = useAssignees(graph, G.UPDATE, open, { retry: false });
  const identify = useIdentifyGap(graph);
  const errors = tried ? validateGap(form) : {};
  const set = <K extends keyof GapForm>(key: K) => (value: GapForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const close = () => {
    setForm(EMPTY_FORM);
    setTried(false);
    identify.reset();
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (Object.keys(validateGap(form)).length > 0) return;
    const input = {
      requirementId: form.requirement!.id,
      description: form.description.trim(),
      remediation_plan: form.remediation_plan.trim(),
      target_date: form.target_date,
      assignee_id: form.assignee_id || undefined,
    };
    identify.mutate(input, {
      onSuccess: (gap) => {
        showSnackbar(`Gap identified on ${gap.requirement?.code ?? form.requirement!.code}.`, 'success');
        close();
      },
    });
  };
  return (
    <FormDialog open={open} title="Identify gap" submitText="Identify gap" onClose={close} onSubmit={submit} busy={identify.isPending} error={identify.error ?? undefined}>
      <RequirementPicker graph={graph} label="Requirement" value={form.requirement} onChange={set('requirement')} error={errors.requirement} />
      <TextField label="Description" multiline rows={3} required markRequired={false} value={form.description} onChange={set('description')} error={errors.description} />
      <TextField label="Remediation plan" multiline rows={3} required markRequired={false} value={form.remediation_plan} onChange={set('remediation_plan')} error={errors.remediation_plan} />
      <TextField label="Target date" type="date" required markRequired={false} value={form.target_date} onChange={set('target_date')} error={errors.target_date} />
      {assignees.isSuccess && (
        <SelectField
          label="Assignee (optional)"
          value={form.assignee_id}
          onChange={set('assignee_id')}
          emptyOption="The requirement's owner"
          options={assignees.data.map((user) => ({ value: user.id, label: `${user.name} (${user.login_id})` }))}
        />
      )}
    </FormDialog>
  );
}

export function GapsTab({ graph }: { graph: string }) {
  const [status, setStatus] = useState<'OPEN' | 'CLOSED' | ''>('OPEN');
  const [search, setSearch] = useState('');
  const [identifying, setIdentifying] = useState(false);
  const [closing, setClosing] = useState<Gap | null>(null);
  const canCreate = usePermitted(G.CREATE);
  const canUpdate = usePermitted(G.UPDATE);
  const term = search.trim();
  const gaps = useGaps(graph, status, term);
  const close = useCloseGap(graph);

  return (
    <Stack gap={4}>
      <HStack gap={4} align="flex-end" flexWrap="wrap">
        <SelectField
          label="Gap status"
          value={status}
          onChange={(value) => setStatus(value as typeof status)}
          options={[
            { value: 'OPEN', label: 'Open' },
            { value: 'CLOSED', label: 'Closed' },
          ]}
          emptyOption="All"
        />
        <TextField label="Search gaps" type="search" value={search} onChange={setSearch} placeholder="Requirement, description or plan" />
        {canCreate && (
          <Button colorPalette="brand" onClick={() => setIdentifying(true)}>
            Identify gap
          </Button>
        )}
      </HStack>
      {close.error && <Text color="fg.error" role="alert">{close.error instanceof Error ? close.error.message : 'The gap could not be closed.'}</Text>}
      <QueryView query={gaps} loading="Loading gaps…">
        {(list) =>
          list.length === 0 ? (
            <Empty title="No gaps" description={term || status ? 'No gap matches the filter.' : 'No gap has been identified yet.'} />
          ) : (
            <DataTable
              caption="Gaps"
              rows={list}
              rowKey={(gap) => gap.id}
              columns={[
                { header: 'Requirement', rowHeader: true, cell: (gap) => `${gap.requirement.code} ${gap.requirement.title}` },
                { header: 'Description', cell: (gap) => gap.description },
                { header: 'Remediation plan', cell: (gap) => gap.remediation_plan },
                { header: 'Target date', cell: (gap) => formatDate(gap.target_date) },
                { header: 'Assignee', cell: (gap) => (gap.assignee ? `${gap.assignee.name} (${gap.assignee.login_id})` : 'Nobody') },
                { header: 'Status', cell: (gap) => (gap.status === 'OPEN' ? 'Open' : 'Closed') },
                {
                  header: 'Actions',
                  cell: (gap) =>
                    gap.status === 'OPEN' && canUpdate ? (
                      <Button size="xs" variant="outline" aria-label={`Close gap on ${gap.requirement.code}`} onClick={() => setClosing(gap)}>
                        Close
                      </Button>
                    ) : null,
                },
              ]}
            />
          )
        }
      </QueryView>
      <IdentifyGapDialog graph={graph} open={identifying} onClose={() => setIdentifying(false)} />
      <ConfirmDialog
        open={closing !== null}
        title="Close gap"
        message={closing ? `Close the gap on ${closing.requirement.code} ${closing.requirement.title}? Its task completes.` : ''}
        busy={close.isPending}
        onNo={() => setClosing(null)}
        onYes={() =>
          closing &&
          close.mutate(closing, {
            onSuccess: () => {
              showSnackbar(`Gap on ${closing.requirement.code} closed.`, 'success');
              setClosing(null);
            },
            onError: () => setClosing(null),
          })
        }
      />
    </Stack>
  );
}
