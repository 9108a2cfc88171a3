// The host's process menu's demo items that act on the process's applications (spec 2.3): clear
// two specific CVEs, Rescan SBOM Components, Clear All SBOMs and Clear SBOMs per application. The
// host mounts this (the './processDemoActions' expose) when one is chosen, so that it calls no
// applications endpoint itself. The destructive ones ask first with the spec 5 texts ('Clear all
// SBOMs of the process.', 'Clear SBOMs of application {app}.'); each answers with a snackbar of
// what happened, or of why it failed.
import { Field, Text } from '@chakra-ui/react';
import { ConfirmDialog, DEMO_CLEARED_CVES, problemText, showSnackbar } from '@portal/shared';
import { Select } from '@portal/shared/screens';
import { useEffect, useRef, useState } from 'react';
import { useApplications } from '../../features/applications/api/getApplications';
import { clearSboms, type ClearTarget } from '../../features/builds/api/clearSboms';
import { clearDemoCves } from '../../features/monitoring/api/clearDemoCves';
import { rescanMonitoring } from '../../features/monitoring/api/rescanMonitoring';
import { rescanFailure } from '../../features/monitoring/components/MonitoringActions';

export type ProcessDemoAction = 'clear-demo-cves' | 'rescan-sbom-components' | 'clear-all-sboms' | 'clear-app-sboms';

export interface ProcessDemoActionsProps {
  action: ProcessDemoAction;
  /** The current process's graph (its code name). */
  graph: string;
  /** Called once the action is done or dismissed: the host unmounts this. */
  onClose: () => void;
}

const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count} ${count === 1 ? noun : nouns}`;

/** Runs one action: its snackbar on success, the API's reason on failure. */
async function report(work: () => Promise<string>): Promise<void> {
  try {
    showSnackbar(await work(), 'success');
  } catch (error) {
    showSnackbar(problemText(error), 'error');
  }
}

const clearSbomsOf = (graph: string, target: ClearTarget) => async () => {
  const result = await clearSboms(graph, target);
  return `Cleared ${plural(result.builds, 'build')} of ${plural(result.applications, 'application')}.`;
};

/** Rescan SBOM Components: the monitored applications' newest builds against today's advisories. */
function Rescan({ graph, onClose }: Omit<ProcessDemoActionsProps, 'action'>) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    showSnackbar('Rescanning the SBOM components of the monitored applications…', 'info');
    void report(async () => {
      const result = await rescanMonitoring(graph);
      // Said as an error (report's snackbar for a failure).
      if (result.status === 'FAILED') throw new Error(rescanFailure(result));
      if (result.status !== 'DONE') return `The rescan goes on in the background (${plural(result.pending, 'build')} left): its events show under Monitoring as they are found.`;
      return `Rescanned ${plural(result.applications, 'monitored application')}: ${plural(result.new_vulnerabilities, 'new vulnerability', 'new vulnerabilities')}, ${plural(result.new_active_exploits, 'new active exploit')}.`;
    }).finally(onClose);
  }, [graph, onClose]);
  return null;
}

export function ProcessDemoActions({ action, graph, onClose }: ProcessDemoActionsProps) {
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<string>) => {
    setBusy(true);
    void report(work).finally(() => {
      setBusy(false);
      onClose();
    });
  };

  if (action === 'rescan-sbom-components') return <Rescan graph={graph} onClose={onClose} />;
  if (action === 'clear-app-sboms') return <ClearApplicationDialog graph={graph} busy={busy} onClose={onClose} onClear={(appKey) => run(clearSbomsOf(graph, { appKey }))} />;
  return (
    <>
      <ConfirmDialog
        open={action === 'clear-demo-cves'}
        title="Clear CVEs"
        message={`Clear ${DEMO_CLEARED_CVES.join(' and ')} from the findings of the process's applications. Rescan SBOM Components finds them again as new vulnerabilities.`}
        yesText="Clear"
        noText="Cancel"
        busy={busy}
        onNo={onClose}
        onYes={() =>
          run(async () => {
            const result = await clearDemoCves(graph);
            return `Cleared ${plural(result.findings, 'finding')} of ${result.cves.join(' and ')} in ${plural(result.builds, 'build')}.`;
          })
        }
      />
      <ConfirmDialog
        open={action === 'clear-all-sboms'}
        title="Clear All SBOMs"
        message="Clear all SBOMs of the process."
        yesText="Clear"
        noText="Cancel"
        busy={busy}
        onNo={onClose}
        onYes={() => run(clearSbomsOf(graph, { all: true }))}
      />
    </>
  );
}

/** Clear SBOMs per application: choose the application, read the spec's sentence, confirm. */
function ClearApplicationDialog({ graph, busy, onClose, onClear }: { graph: string; busy: boolean; onClose: () => void; onClear: (appKey: string) => void }) {
  const apps = useApplications(graph);
  const [chosen, setChosen] = useState<string | null>(null);
  const listed = apps.data ?? (apps.isError ? [] : null);
  const appKey = chosen ?? listed?.[0]?.app_key ?? '';

  const message =
    listed === null ? (
      <Text>Loading the applications…</Text>
    ) : listed.length === 0 ? (
      <Text>The process has no applications.</Text>
    ) : (
      <>
        <Field.Root mb={3}>
          <Field.Label htmlFor="clear-sboms-app">Application</Field.Label>
          <Select id="clear-sboms-app" value={appKey} onChange={(event) => setChosen(event.target.value)} width="100%">
            {listed.map((app) => (
              <option key={app.app_key} value={app.app_key}>
                {app.name} ({app.app_key}) · {plural(app.build_count, 'build')}
              </option>
            ))}
          </Select>
        </Field.Root>
        <Text>{`Clear SBOMs of application ${appKey}.`}</Text>
      </>
    );
  return (
    <ConfirmDialog
      open
      title="Clear SBOMs per application"
      message={message}
      yesText="Clear"
      noText="Cancel"
      busy={busy}
      onNo={onClose}
      onYes={() => (appKey ? onClear(appKey) : onClose())}
    />
  );
}
