// "Download CycloneDX attestation" on an app's page (issue 28 item 5, docs/compliance.md
// "Exports"): the requirements whose checks concern the app, judged on its own evidence, met and
// not met, as a CycloneDX 1.6 attestation (JSON). After a confirmation saying what it holds; the
// file's name, or why it failed, shows beside the button.
import { Button, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, downloadFile, ErrorAlert, usePermitted } from '@portal/shared';
import { COMPLIANCE_EXPORT_FILES } from '@portal/shared/compliance';
import { useState } from 'react';
import { APPLICATION_PERMISSIONS } from '../../lib/permissions';

export interface AttestationButtonProps {
  graph: string;
  appKey: string;
}

export function AttestationButton({ graph, appKey }: AttestationButtonProps) {
  const permitted = usePermitted(APPLICATION_PERMISSIONS.COMPLIANCE_ATTESTATION);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  if (!permitted) return null;
  const save = async () => {
    setBusy(true);
    setProblem(null);
    setSaved(null);
    try {
      const name = await downloadFile(`apps/${encodeURIComponent(appKey)}/compliance/attestation`, { graph, fallbackName: COMPLIANCE_EXPORT_FILES.cyclonedx(appKey) });
      setSaved(name);
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Stack gap={1} align="start">
      <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
        Download CycloneDX attestation
      </Button>
      {saved && (
        <Text fontSize="xs" role="status">
          Saved {saved}.
        </Text>
      )}
      {problem !== null && <ErrorAlert error={problem} />}
      <ConfirmDialog
        open={asking}
        title="Download CycloneDX attestation"
        message={`A CycloneDX 1.6 attestation of ${appKey}: every requirement with a compliance check that concerns it, evaluated now on its own evidence, as met or not met, with the claims and the evidence (links into the portal) that support or counter them.`}
        yesText="Download"
        noText="Cancel"
        busy={busy}
        onNo={() => setAsking(false)}
        onYes={() => void save()}
      />
    </Stack>
  );
}
