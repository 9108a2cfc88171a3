// "Export OSCAL assessment results": the process's (or one standard's) OSCAL 1.1.2 assessment
// results as a JSON download; a failure shows beside the button. For who may view requirements.
import { Button, Stack } from '@chakra-ui/react';
import { ErrorAlert, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { P } from '../../lib/permissions';
import { downloadOscal } from './api';

export interface OscalExportButtonProps {
  graph: string;
  /** One standard's results only; absent: the whole process's. */
  standard?: { id: string; title: string };
}

export function OscalExportButton({ graph, standard }: OscalExportButtonProps) {
  const canView = usePermitted(P.VIEW_REQUIREMENT);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  if (!canView) return null;
  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await downloadOscal(graph, standard?.id);
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={1} align="start">
      <Button
        size="xs"
        variant="outline"
        loading={busy}
        loadingText="Exporting…"
        onClick={() => void save()}
        aria-label={standard ? `Export OSCAL assessment results of ${standard.title}` : 'Export OSCAL assessment results'}
      >
        {standard ? 'Export OSCAL results' : 'Export OSCAL assessment results'}
      </Button>
      {problem !== null && <ErrorAlert error={problem} />}
    </Stack>
  );
}
