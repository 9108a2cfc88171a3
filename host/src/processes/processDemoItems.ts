// The process menu's demo items that act on the current process's applications (spec 2.3): what
// each needs and is called. What they do is the applications remote's: the menu mounts its
// './processDemoActions' expose with the chosen item (see ProcessMenu), and calls no endpoint.
import { DEMO_CLEARED_CVES, type KnownPermission } from '@portal/shared';
import type { ProcessDemoItem } from './processMenu';

// As literals typed by the catalogue (its values load with the evaluator, after sign-in).
const MONITORING: KnownPermission = 'use=>ContinuousMonitoring';
export const DEMO_ITEM_PERMISSIONS: Record<ProcessDemoItem, KnownPermission[]> = {
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

/** The props the applications remote's './processDemoActions' is mounted with. */
export interface ProcessDemoActionsProps {
  action: ProcessDemoItem;
  graph: string;
  onClose: () => void;
}
