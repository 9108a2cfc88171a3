// Imports an OSCAL catalog (JSON) into the process as a requirement tree: the file is sent to
// POST /standards/imports, then the background job is followed, with a progress bar, until it
// reports what it created and updated, or why it failed.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, problemText, usePermitted } from '@portal/shared';
import { FileButton } from '@portal/shared/screens';
import { useState } from 'react';
import { P } from '../../lib/permissions';
import { ProgressBar } from '../../components/ProgressBar';
import type { StandardImport } from '../../types/analysis';
import { useStandardImport } from './api/getStandardImport';
import { useStartStandardImport } from './api/startStandardImport';

function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read.`));
    reader.readAsText(file);
  });
}

export interface StandardsImportButtonProps {
  graph: string;
  /** Called once when an import is done (e.g. to reload the requirement tree). */
  onImported?: (job: StandardImport) => void;
}

export function StandardsImportButton({ graph, onImported }: StandardsImportButtonProps) {
  const canImport = usePermitted(P.CREATE_REQUIREMENT);
  const [jobId, setJobId] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const job = useStandardImport(graph, jobId, onImported);
  const startImport = useStartStandardImport(graph);

  if (!canImport) return null;

  const start = async (file: File) => {
    setProblem(null);
    setJobId(null);
    setSending(file.name);
    try {
      const text = await readText(file);
      try {
        JSON.parse(text);
      } catch {
        throw new Error(`${file.name} is not a JSON file.`);
      }
      const created = await startImport.mutateAsync(text);
      setJobId(created.id);
    } catch (error) {
      setProblem(error);
    } finally {
      setSending(null);
    }
  };

  const data = job.data;
  const running = sending !== null || data?.status === 'RUNNING';
  return (
    <Stack gap={2} width="full">
      <HStack gap={3}>
        <FileButton
          size="sm"
          colorPalette="brand"
          loading={sending !== null}
          loadingText="Sending…"
          disabled={running}
          label="OSCAL catalog file (JSON)"
          accept=".json,application/json"
          onFile={(file) => void start(file)}
        >
          Import OSCAL catalog
        </FileButton>
      </HStack>
      {problem !== null && <ErrorAlert error={problem} />}
      {job.isError && <ErrorAlert error={job.error} onRetry={() => void job.refetch()} />}
      {data && (
        <Box borderWidth="1px" borderRadius="md" p={3} aria-label={`Import of ${data.title}`} role="region">
          <Text fontSize="sm" fontWeight="semibold" mb={2}>
            {data.title}
          </Text>
          <ProgressBar label="Import progress" value={data.processed} max={Math.max(data.total, 1)} valueText={`${data.processed} of ${data.total}`} />
          <Text fontSize="sm" mt={2} role="status" aria-live="polite">
            {data.status === 'RUNNING' && `Importing… ${data.processed} of ${data.total} requirements`}
            {data.status === 'DONE' && `Imported ${data.total} requirements: ${data.created} created, ${data.updated} updated.`}
            {data.status === 'FAILED' && `The import failed: ${data.error ?? problemText(null)}`}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
