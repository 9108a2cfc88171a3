// The risks of the process: add a risk on a requirement (likelihood × impact 1–5, score shown),
// the heat grid of open risks and the list.
import { HStack, Stack, Text } from '@chakra-ui/react';
import { FormDialog, showSnackbar, usePermitted, type RequirementRef } from '@portal/shared';
import { SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { P } from '../../lib/permissions';
import { RequirementPicker } from '../requirement';
import { useAddRisk } from './api/addRisk';
import { useRisks } from './api/getRisks';
import { AnalysisTab } from './AnalysisTab';
import { RiskHeatGrid } from './RiskHeatGrid';
import { LEVELS, scoreBand } from './riskGrid';
import { formatDate } from '../../lib/dates';

const LEVEL_OPTIONS = LEVELS.map((level) => ({ value: String(level), label: String(level) }));

function AddRiskDialog({ graph, open, onClose }: { graph: string; open: boolean; onClose: () => void }) {
  const [requirement, setRequirement] = useState<RequirementRef | null>(null);
  const [likelihood, setLikelihood] = useState('3');
  const [impact, setImpact] = useState('3');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddRisk(graph);
  const score = Number(likelihood) * Number(impact);
  const close = () => {
    setRequirement(null);
    setLikelihood('3');
    setImpact('3');
    setDescription('');
    setTried(false);
    add.reset();
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (!requirement || !description.trim()) return;
    add.mutate({ requirementId: requirement.id, likelihood: Number(likelihood), impact: Number(impact), description: description.trim() }, {
      onSuccess: () => {
        showSnackbar(`Risk added on ${requirement.code}.`, 'success');
        close();
      },
    });
  };
  return (
    <FormDialog open={open} title="Add risk" submitText="Add risk" onClose={close} onSubmit={submit} busy={add.isPending} error={add.error ?? undefined}>
      <RequirementPicker graph={graph} label="Requirement" value={requirement} onChange={setRequirement} error={tried && !requirement ? 'Choose the requirement.' : undefined} />
      <HStack gap={4} align="flex-end">
        <SelectField label="Likelihood" value={likelihood} onChange={setLikelihood} options={LEVEL_OPTIONS} />
        <SelectField label="Impact" value={impact} onChange={setImpact} options={LEVEL_OPTIONS} />
        <Text role="status" aria-label="Risk score" fontWeight="semibold" pb={2}>
          Score {score} ({scoreBand(score)})
        </Text>
      </HStack>
      <TextField label="Description" multiline rows={3} required markRequired={false} value={description} onChange={setDescription} error={tried && !description.trim() ? 'Describe the risk.' : undefined} />
    </FormDialog>
  );
}

export function RisksTab({ graph }: { graph: string }) {
  const canAssess = usePermitted(P.ASSESS_REQUIREMENT);
  const risks = useRisks(graph);
  return (
    <AnalysisTab
      query={risks}
      loading="Loading risks…"
      addText="Add risk"
      mayAdd={canAssess}
      empty={{ title: 'No risks', description: 'No risk has been identified yet.' }}
      addDialog={(open, onClose) => <AddRiskDialog graph={graph} open={open} onClose={onClose} />}
    >
      {(list) => (
        <Stack gap={4} direction={{ base: 'column', lg: 'row' }} align="flex-start">
          <RiskHeatGrid risks={list} />
          <DataTable
            caption="Risks"
            rows={[...list].sort((a, b) => b.score - a.score)}
            rowKey={(risk) => risk.id}
            columns={[
              { header: 'Requirement', rowHeader: true, cell: (risk) => `${risk.requirement.code} ${risk.requirement.title}` },
              { header: 'Likelihood', cell: (risk) => risk.likelihood },
              { header: 'Impact', cell: (risk) => risk.impact },
              { header: 'Score', cell: (risk) => `${risk.score} (${scoreBand(risk.score)})` },
              { header: 'Description', cell: (risk) => risk.description },
              { header: 'Status', cell: (risk) => (risk.status === 'OPEN' ? 'Open' : 'Resolved') },
              { header: 'Identified', cell: (risk) => formatDate(risk.created_at) },
            ]}
          />
        </Stack>
      )}
    </AnalysisTab>
  );
}
