// "Apply NIST templates" on an imported standard: a confirmation listing the shipped templates (each
// control with its checks), then POST compliance/templates/apply and what it added and skipped, as
// a message beside the button (and a snackbar). For who may update requirements.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, ErrorAlert, showSnackbar, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { P } from '../../lib/permissions';
import { useApplyTemplates, useComplianceTemplates } from './api';
import { applyResultText } from './words';

export interface ApplyTemplatesButtonProps {
  graph: string;
  standard: { id: string; title: string };
}

export function ApplyTemplatesButton({ graph, standard }: ApplyTemplatesButtonProps) {
  const canApply = usePermitted(P.UPDATE_REQUIREMENT);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const templates = useComplianceTemplates(graph, open);
  const apply = useApplyTemplates(graph);
  if (!canApply) return null;

  const message = (
    <Stack gap={2}>
      <Text>Add the shipped compliance checks to the controls of {standard.title} (checks a requirement already has are skipped; each one stays editable):</Text>
      {templates.isPending && <Text>Loading the templates…</Text>}
      {templates.isError && <ErrorAlert error={templates.error} onRetry={() => void templates.refetch()} />}
      {templates.data && (
        <Box as="ul" ps={5} listStyleType="disc" aria-label="Templates">
          {templates.data.map((template) => (
            <Box as="li" key={template.control_id}>
              {template.label} {template.title}: {template.checks.length} {template.checks.length === 1 ? 'check' : 'checks'}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );

  return (
    <Stack gap={1} align="start">
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} aria-label={`Apply NIST templates to ${standard.title}`}>
        Apply NIST templates
      </Button>
      {outcome && (
        <Text fontSize="sm" role="status">
          {outcome}
        </Text>
      )}
      {apply.isError && <ErrorAlert error={apply.error} />}
      <ConfirmDialog
        open={open}
        title="Apply NIST SP 800-53 templates"
        message={message}
        yesText="Apply templates"
        noText="Cancel"
        busy={apply.isPending}
        onNo={() => setOpen(false)}
        onYes={() =>
          apply.mutate(standard.id, {
            onSuccess: (result) => {
              const text = applyResultText(result);
              setOutcome(text);
              showSnackbar(text, 'success');
              setOpen(false);
            },
            onError: () => setOpen(false),
          })
        }
      />
    </Stack>
  );
}
