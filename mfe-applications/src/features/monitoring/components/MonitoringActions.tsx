// What can be done from the events: rescan the monitored applications now (who may scan), and,
// for demo-permission users, simulate a new vulnerability. Each says what it found.
import { Button, HStack } from '@chakra-ui/react';
import { showSnackbar, usePermitted, type MonitoringRun } from '@portal/shared';
import { TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { plural } from '../../../lib/format';
import { problemText } from '../../../lib/problemText';
import { useRescanMonitoring } from '../api/rescanMonitoring';
import { advisoryIdProblem, useSimulateNewVulnerability } from '../api/simulateNewVulnerability';
import { MONITORING_PERMISSIONS } from '../permissions';

/** A failed rescan, in words: what it found before, and why it failed. */
export function rescanFailure(result: MonitoringRun): string {
  const found = result.new_vulnerabilities + result.new_active_exploits > 0 ? ` (${plural(result.new_vulnerabilities + result.new_active_exploits, 'event')} raised before)` : '';
  return `The rescan failed${found}: ${result.error ?? 'a job of it failed'}. A Global Admin can retry it under Background Jobs.`;
}

/** What a rescan found, in words (one still going on after it was followed says so). */
export function rescanSummary(result: MonitoringRun): string {
  if (result.status === 'FAILED') return rescanFailure(result);
  if (result.status !== 'DONE') return `The rescan goes on in the background (${plural(result.pending, 'build')} left): its events show here as they are found.`;
  if (result.applications === 0) return 'No application of this process has continuous monitoring on: turn it on in an application’s settings.';
  const found = [
    result.new_vulnerabilities > 0 ? plural(result.new_vulnerabilities, 'new vulnerability', 'new vulnerabilities') : null,
    result.new_active_exploits > 0 ? plural(result.new_active_exploits, 'new active exploit') : null,
  ].filter(Boolean);
  const scanned = `${plural(result.applications, 'monitored application')} rescanned`;
  return found.length === 0 ? `${scanned}: nothing new.` : `${scanned}: ${found.join(' and ')}.`;
}

function SimulateDialog({ graph, open, onClose }: { graph: string; open: boolean; onClose: () => void }) {
  const [cve, setCve] = useState('');
  const [touched, setTouched] = useState(false);
  const simulate = useSimulateNewVulnerability(graph);
  const problem = advisoryIdProblem(cve);
  const close = () => {
    setCve('');
    setTouched(false);
    simulate.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Simulate a new vulnerability"
      submitText="Simulate"
      busy={simulate.isPending}
      error={simulate.error ?? undefined}
      submitDisabled={problem !== undefined}
      onClose={close}
      onSubmit={() =>
        simulate.mutate(cve.trim(), {
          onSuccess: ({ events }) => {
            showSnackbar(`Simulated: ${plural(events.length, 'event')} raised and notified.`, 'success');
            close();
          },
        })
      }
    >
      <TextField
        label="Advisory (CVE or any alias)"
        value={cve}
        onChange={setCve}
        onBlur={() => setTouched(true)}
        error={touched ? problem : undefined}
        required
        autoFocus
        placeholder="CVE-2021-23337"
        helperText="The events and notifications continuous monitoring would raise if this advisory had just been published, for the monitored applications it affects. Findings are not changed."
      />
    </FormDialog>
  );
}

export function MonitoringActions({ graph }: { graph: string }) {
  const canScan = usePermitted(MONITORING_PERMISSIONS.SCAN);
  const canSimulate = usePermitted(MONITORING_PERMISSIONS.SIMULATE);
  const rescan = useRescanMonitoring(graph);
  const [simulating, setSimulating] = useState(false);
  if (!canScan && !canSimulate) return null;
  return (
    <HStack gap={2}>
      {canScan && (
        <Button
          size="sm"
          loading={rescan.isPending}
          loadingText="Rescanning…"
          onClick={() =>
            rescan.mutate(undefined, {
              onSuccess: (result) => showSnackbar(rescanSummary(result), result.status === 'FAILED' ? 'error' : 'success'),
              onError: (error) => showSnackbar(`The rescan failed: ${problemText(error)}`, 'error'),
            })
          }
        >
          Rescan now
        </Button>
      )}
      {canSimulate && (
        <>
          <Button size="sm" variant="outline" onClick={() => setSimulating(true)}>
            Simulate a new vulnerability
          </Button>
          <SimulateDialog graph={graph} open={simulating} onClose={() => setSimulating(false)} />
        </>
      )}
    </HStack>
  );
}
