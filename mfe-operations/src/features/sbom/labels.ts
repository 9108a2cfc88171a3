// How the portfolio SBOM view names the contract's values: severities (a word in its colour,
// colour never the only sign), VEX analysis states, sorts.
import type { ComponentVulnerabilitySort, PortfolioAnalysisState, ResourceVulnerabilitySort, VulnerabilitySeverity } from '@portal/shared';

export const SEVERITY_LABELS: Record<VulnerabilitySeverity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
  NONE: 'None',
  UNKNOWN: 'Unknown',
};

export const SEVERITY_COLORS: Record<VulnerabilitySeverity, string> = {
  CRITICAL: 'red.700',
  HIGH: 'orange.700',
  MEDIUM: 'yellow.700',
  LOW: 'blue.600',
  NONE: 'gray.600',
  UNKNOWN: 'gray.600',
};

/** The severities in the order the screen shows them: the most severe first. */
export const SEVERITY_ORDER: readonly VulnerabilitySeverity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN', 'NONE'];

export const ANALYSIS_LABELS: Record<PortfolioAnalysisState, string> = {
  resolved: 'Resolved',
  resolved_with_pedigree: 'Resolved (pedigree)',
  false_positive: 'False positive',
  not_affected: 'Not affected',
  in_triage: 'In triage',
  exploitable: 'Exploitable',
};

export const COMPONENT_SORT_LABELS: Record<ComponentVulnerabilitySort, string> = {
  severity: 'Severity',
  applications: 'Applications',
  name: 'Name',
};

export const RESOURCE_SORT_LABELS: Record<ResourceVulnerabilitySort, string> = {
  severity: 'Severity',
  components: 'Vulnerable components',
  name: 'App key',
  build_date: 'Newest build',
};

export const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
