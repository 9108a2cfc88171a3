// The words the screens use for CycloneDX's analysis values (spec 4.5 states, justifications,
// responses) and for where an analysis came from.
import type { VexAnalysisState, VexJustification, VexResponse, VexSource } from '@portal/shared';

export const STATE_LABELS: Record<VexAnalysisState | 'not_set', string> = {
  not_set: 'Not set',
  resolved: 'Resolved',
  resolved_with_pedigree: 'Resolved with pedigree',
  false_positive: 'False positive',
  not_affected: 'Not affected',
  in_triage: 'In triage',
  exploitable: 'Exploitable',
};

export const JUSTIFICATION_LABELS: Record<VexJustification, string> = {
  code_not_present: 'Code not present',
  code_not_reachable: 'Code not reachable',
  requires_configuration: 'Requires configuration',
  requires_dependency: 'Requires dependency',
  requires_environment: 'Requires environment',
  protected_by_compiler: 'Protected by compiler',
  protected_at_runtime: 'Protected at runtime',
  protected_at_perimeter: 'Protected at perimeter',
  protected_by_mitigating_control: 'Protected by mitigating control',
};

export const RESPONSE_LABELS: Record<VexResponse, string> = {
  can_not_fix: 'Can not fix',
  will_not_fix: 'Will not fix',
  update: 'Update',
  rollback: 'Rollback',
  workaround_available: 'Workaround available',
};

export const SOURCE_LABELS: Record<VexSource, string> = {
  user: 'Analysis',
  'vex-import': 'VEX import',
  'carried-over': 'Carried over',
};

export const stateLabel = (state: VexAnalysisState | null | undefined) => STATE_LABELS[state ?? 'not_set'] ?? state;
