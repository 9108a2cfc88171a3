// A requirement's evidence panel (issue 28 item 2): its compliance status computed from its
// automated checks, each check with its result and the reasons that fail it, the history of both,
// "Evaluate now", and — for who may update the requirement — adding, editing and deleting checks.
// Loaded with the requirement's page only when shown (ComplianceSection): the first route stays light.
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { DeleteConfirmationDialog, ErrorAlert, Loading, problemText, showSnackbar, usePermitted } from '@portal/shared';
import type { ComplianceCheck } from '@portal/shared/compliance';
import { useState } from 'react';
import { formatTime } from '../../../lib/dates';
import { P } from '../../../lib/permissions';
import { useDeleteCheck, useEvaluateCompliance } from '../api/changeChecks';
import { useRequirementCompliance } from '../api/getCompliance';
import { CheckDialog } from './CheckDialog';
import { CheckItem } from './CheckItem';
import { ComplianceBadge } from './ComplianceBadge';
import { ComplianceHistory } from './ComplianceHistory';
import { KIND_LABELS, STATUS_WORDS } from './words';

export interface CompliancePanelProps {
  graph: string;
  requirement: { id: string; code: string; title: string };
  /** A deleted requirement, or one shown beside a task: its checks are not changed here. */
  readOnly: boolean;
}

type Dialog = { kind: 'add' } | { kind: 'edit'; check: ComplianceCheck } | { kind: 'delete'; check: ComplianceCheck };

export function CompliancePanel({ graph, requirement, readOnly }: CompliancePanelProps) {
  const { id } = requirement;
  const name = `${requirement.code} ${requirement.title}`;
  const query = useRequirementCompliance(graph, id);
  const mayUpdate = usePermitted(P.UPDATE_REQUIREMENT) && !readOnly;
  const evaluate = useEvaluateCompliance(graph, id);
  const remove = useDeleteCheck(graph, id);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (query.isPending) return <Loading label="Loading compliance…" />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const compliance = query.data;
  const { checks } = compliance;

  const runEvaluation = () =>
    evaluate.mutate(undefined, {
      onSuccess: (answer) =>
        showSnackbar(answer.status ? `${requirement.code} evaluated: ${STATUS_WORDS[answer.status].label.toLowerCase()}.` : `${requirement.code} has no checks to evaluate.`, 'success'),
      onError: (error) => showSnackbar(`${requirement.code} was not evaluated: ${problemText(error)}`, 'error'),
    });

  const confirmDelete = (check: ComplianceCheck) =>
    remove.mutate(check.id, {
      onSuccess: () => showSnackbar(`The ${KIND_LABELS[check.kind]} check of ${requirement.code} was deleted.`, 'success'),
      onError: (error) => showSnackbar(`The check was not deleted: ${problemText(error)}`, 'error'),
      onSettled: () => setDialog(null),
    });

  return (
    <Stack gap={3}>
      <HStack justify="space-between" align="center" gap={2} flexWrap="wrap">
        <HStack gap={2} flexWrap="wrap">
          {compliance.status ? (
            <>
              <ComplianceBadge status={compliance.status} size="md" />
              <Text fontSize="xs" color="fg.muted">
                since {formatTime(compliance.since)} · evaluated {formatTime(compliance.evaluated_at)}
              </Text>
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {mayUpdate ? 'No automated checks: add one to compute its status from the evidence.' : 'No automated checks.'}
            </Text>
          )}
        </HStack>
        {mayUpdate && (
          <HStack gap={2} role="toolbar" aria-label="Compliance actions">
            {checks.length > 0 && (
              <Button size="xs" variant="outline" loading={evaluate.isPending} loadingText="Evaluating…" onClick={runEvaluation}>
                Evaluate now
              </Button>
            )}
            <Button size="xs" colorPalette="brand" onClick={() => setDialog({ kind: 'add' })}>
              Add check
            </Button>
          </HStack>
        )}
      </HStack>

      {checks.length > 0 && (
        <chakra.ul aria-label="Checks" display="flex" flexDirection="column" gap={2} p={0} m={0}>
          {checks.map((check) => (
            <CheckItem
              key={check.id}
              check={check}
              editable={mayUpdate}
              onEdit={() => setDialog({ kind: 'edit', check })}
              onDelete={() => setDialog({ kind: 'delete', check })}
            />
          ))}
        </chakra.ul>
      )}

      {(checks.length > 0 || compliance.history.length > 0) && (
        <Box>
          <Heading as="h4" size="xs" mb={1}>
            Compliance history
          </Heading>
          <ComplianceHistory history={compliance.history} />
        </Box>
      )}

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <CheckDialog graph={graph} requirementId={id} requirementName={name} check={dialog.kind === 'edit' ? dialog.check : undefined} onClose={() => setDialog(null)} />
      )}
      <DeleteConfirmationDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete the ${KIND_LABELS[dialog.check.kind]} check of ${requirement.code}?` : ''}
        message={dialog?.kind === 'delete' ? `${dialog.check.description}. The requirement's status will be what its other checks say; the check's history is kept.` : ''}
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.check)}
      />
    </Stack>
  );
}
