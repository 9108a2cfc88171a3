// The process menu's demo items that act on the current process's applications (spec 2.3): clear
// two specific CVEs, Rescan SBOM Components, Clear All SBOMs and Clear SBOMs per application.
// The destructive ones ask first with the spec 5 texts ('Clear all SBOMs of the process.',
// 'Clear SBOMs of application {app}.'); each answers with a snackbar of what happened. Errors are
// shown by the API client's notices (spec 8).
import { useEffect, useState } from 'react';
import { chakra, Field, Text } from '@chakra-ui/react';
import {
  apiClient,
  ConfirmDialog,
  DEMO_CLEARED_CVES,
  showSnackbar,
  type ApplicationSummary,
  type ClearDemoCvesResult,
  type ClearSbomsResult,
  type MonitoringRunResult,
} from '@portal/shared';
import type { ProcessDemoItem } from './processMenu';

// As literals: the permission catalogue loads with the evaluator, after sign-in.
const MONITORING = 'use=>ContinuousMonitoring';
export const DEMO_ITEM_PERMISSIONS: Record<ProcessDemoItem, Array<`${string}=>${string}`>> = {
  'clear-demo-cves': ['perform=>Demo', MONITORING],
  'rescan-sbom-components': ['scan=>Application', MONITORING],
  'clear-all-sboms': ['clear=>SBOM'],
  'clear-app-sboms': ['clear=>SBOM'],
};

export const DEMO_ITEM_LABELS: Record<ProcessDemoItem, string> = {
  'clear-demo-cves': `Clear ${DEMO_CLEARED_CVES.join(' and ')}`,
  'rescan-sbom-components': 'Rescan SBOM Components',
  'clear-all-sboms': 'Clear All SBOMs',
  'clear-app-sboms': 'Clear SBOMs per application',
};

const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count} ${count === 1 ? noun : nouns}`;

/** Rescan SBOM Components: the monitored applications' newest builds against today's advisories. */
export async function rescanSbomComponents(graph: string): Promise<void> {
  showSnackbar('Rescanning the SBOM components of the monitored applications…', 'info');
  try {
    const result = await apiClient.post<MonitoringRunResult>('apps/monitoring/rescan', null, {
      graph,
      permission: DEMO_ITEM_PERMISSIONS['rescan-sbom-components'][0],
    });
    showSnackbar(
      `Rescanned ${plural(result.applications, 'monitored application')}: ${plural(result.new_vulnerabilities, 'new vulnerability', 'new vulnerabilities')}, ${plural(result.new_active_exploits, 'new active exploit')}.`,
      'success',
    );
  } catch {
    // Shown by the API client.
  }
}

export interface ProcessDemoDialogsProps {
  /** The open dialog, if any. */
  open: Exclude<ProcessDemoItem, 'rescan-sbom-components'> | null;
  /** The current process's graph (its code name). */
  graph: string;
  onClose: () => void;
}

export function ProcessDemoDialogs({ open, graph, onClose }: ProcessDemoDialogsProps) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      showSnackbar(await work(), 'success');
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
      onClose();
    }
  };
  const clearSboms = (path: string) =>
    run(async () => {
      const result = await apiClient.delete<ClearSbomsResult>(path, { graph, permission: 'clear=>SBOM' });
      return `Cleared ${plural(result.builds, 'build')} of ${plural(result.applications, 'application')}.`;
    });

  return (
    <>
      <ConfirmDialog
        open={open === 'clear-demo-cves'}
        title="Clear CVEs"
        message={`Clear ${DEMO_CLEARED_CVES.join(' and ')} from the findings of the process's applications. Rescan SBOM Components finds them again as new vulnerabilities.`}
        yesText="Clear"
        noText="Cancel"
        busy={busy}
        onNo={onClose}
        onYes={() =>
          void run(async () => {
            const result = await apiClient.post<ClearDemoCvesResult>('apps/monitoring/clearDemoCves', null, { graph, permission: 'perform=>Demo' });
            return `Cleared ${plural(result.findings, 'finding')} of ${result.cves.join(' and ')} in ${plural(result.builds, 'build')}.`;
          })
        }
      />
      <ConfirmDialog
        open={open === 'clear-all-sboms'}
        title="Clear All SBOMs"
        message="Clear all SBOMs of the process."
        yesText="Clear"
        noText="Cancel"
        busy={busy}
        onNo={onClose}
        onYes={() => void clearSboms('sbom/_clearAll')}
      />
      {open === 'clear-app-sboms' && <ClearApplicationDialog graph={graph} busy={busy} onClose={onClose} onClear={(appKey) => void clearSboms(`sbom/${encodeURIComponent(appKey)}`)} />}
    </>
  );
}

const Select = chakra('select');

/** Clear SBOMs per application: choose the application, read the spec's sentence, confirm. */
function ClearApplicationDialog({ graph, busy, onClose, onClear }: { graph: string; busy: boolean; onClose: () => void; onClear: (appKey: string) => void }) {
  const [apps, setApps] = useState<ApplicationSummary[] | null>(null);
  const [appKey, setAppKey] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    apiClient.get<ApplicationSummary[]>('apps', { graph, signal: controller.signal }).then(
      (listed) => {
        setApps(listed);
        setAppKey(listed[0]?.app_key ?? '');
      },
      () => setApps([]),
    );
    return () => controller.abort();
  }, [graph]);

  const message =
    apps === null ? (
      <Text>Loading the applications…</Text>
    ) : apps.length === 0 ? (
      <Text>The process has no applications.</Text>
    ) : (
      <>
        <Field.Root mb={3}>
          <Field.Label htmlFor="clear-sboms-app">Application</Field.Label>
          <Select id="clear-sboms-app" value={appKey} onChange={(event) => setAppKey(event.target.value)} borderWidth="1px" borderRadius="md" px={2} py={1} width="100%">
            {apps.map((app) => (
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
