// A build's VEX (issue 7 item 8): export its findings and analyses as a CycloneDX 1.6 VEX file,
// or import one (a CycloneDX VEX, e.g. exported from another build) onto it, with the upload's
// progress and what the import changed. Each action only for those who may.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { showSnackbar, usePermitted, type VexImportResult } from '@portal/shared';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/QueryStates';
import { FileButton, UploadProgress } from '@portal/shared/screens';
import { plural } from '../../../lib/format';
import { allOf, APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { exportVex } from '../api/exportVex';
import { VEX_ACCEPT } from '../api/importVex';
import { useVexImport } from '../hooks/useVexImport';

const P = APPLICATION_PERMISSIONS;
const UNMATCHED_SHOWN = 10;

/**
 * What an import did. Statements without an analysis (every finding not analysed yet, in a VEX
 * exported from another build) are only counted by the API: listed, they would bury the
 * statements that really matched no finding of this build.
 */
function ImportSummary({ fileName, result, onDismiss }: { fileName: string; result: VexImportResult; onDismiss: () => void }) {
  const { skipped, unmatched } = result;
  return (
    <Box role="status" borderWidth="1px" borderRadius="md" p={3} fontSize="sm" maxW="36rem">
      <Text>
        {fileName}: {plural(result.statements, 'statement')} read, {plural(result.applied, 'finding')} changed, {result.unchanged} unchanged.
        {skipped > 0 && ` ${plural(skipped, 'statement')} without an analysis skipped.`}
      </Text>
      {unmatched.length > 0 && (
        <>
          <Text mt={1}>{plural(unmatched.length, 'statement')} matched no finding of this build:</Text>
          <chakra.ul ps={5} listStyleType="disc" aria-label="Unmatched statements">
            {unmatched.slice(0, UNMATCHED_SHOWN).map((entry, index) => (
              <li key={index}>
                {entry.id}
                {entry.ref ? ` (${entry.ref})` : ''}: {entry.reason}
              </li>
            ))}
            {unmatched.length > UNMATCHED_SHOWN && <li>and {unmatched.length - UNMATCHED_SHOWN} more</li>}
          </chakra.ul>
        </>
      )}
      <Button size="xs" variant="ghost" mt={1} onClick={onDismiss}>
        Dismiss
      </Button>
    </Box>
  );
}

export interface VexActionsProps {
  graph: string;
  appKey: string;
  buildId: string;
  buildNumber: number;
}

export function VexActions({ graph, appKey, buildId, buildNumber }: VexActionsProps) {
  const mayExport = usePermitted(allOf(P.EXPORT_SBOM, P.VEX_ANALYSIS));
  const mayImport = usePermitted(allOf(P.ANALYZE, P.VEX_ANALYSIS));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const { state, start, dismiss } = useVexImport(graph, appKey, buildId);
  if (!mayExport && !mayImport) return null;

  const download = () => {
    setExporting(true);
    setExportError(null);
    exportVex(graph, appKey, buildId, buildNumber)
      .then((name) => showSnackbar(`VEX of build #${buildNumber} saved as ${name}.`, 'success'))
      .catch(setExportError)
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap={2} align="end">
      <HStack gap={2}>
        {mayImport && (
          <>
            <FileButton size="sm" variant="outline" disabled={state.phase === 'uploading'} label="VEX file" accept={VEX_ACCEPT} onFile={start}>
              Import VEX
            </FileButton>
          </>
        )}
        {mayExport && (
          <Button size="sm" variant="outline" onClick={download} loading={exporting} loadingText="Exporting">
            Export VEX
          </Button>
        )}
      </HStack>
      {exportError !== null && <ErrorAlert error={exportError} title="The VEX could not be exported" />}
      {state.phase === 'uploading' && <UploadProgress title={`Importing ${state.fileName}`} label="VEX import progress" progress={state.progress} />}
      {state.phase === 'done' && <ImportSummary fileName={state.fileName} result={state.result} onDismiss={dismiss} />}
      {state.phase === 'refused' && (
        <Box maxW="36rem">
          <ErrorAlert error={state.error} title={`${state.fileName} was not imported`} />
          <Button size="xs" variant="ghost" mt={1} onClick={dismiss}>
            Dismiss
          </Button>
        </Box>
      )}
    </Stack>
  );
}
