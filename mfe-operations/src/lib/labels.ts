// How the screens name the contract's values (categories, severities, states) and show a
// severity or a state.
import type { FindingCategory, FindingSeverity, FindingState, ScopedSecurityFinding } from '@portal/shared/operations';

export const CATEGORY_LABELS: Record<FindingCategory, string> = {
  sast: 'Code (SAST)',
  secret: 'Secrets',
  iac: 'Infrastructure as code',
  container: 'Containers',
  'cloud-posture': 'Cloud posture',
  'cloud-threat': 'Cloud threats',
};

export const SEVERITY_LABELS: Record<FindingSeverity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
};

export const SEVERITY_COLORS: Record<FindingSeverity, string> = {
  critical: 'red.700',
  high: 'orange.700',
  medium: 'yellow.700',
  low: 'blue.600',
  info: 'gray.600',
};

export const STATE_LABELS: Record<FindingState, string> = {
  open: 'Open',
  confirmed: 'Confirmed',
  false_positive: 'False positive',
  risk_accepted: 'Risk accepted',
  fixed: 'Fixed',
  suppressed: 'Suppressed by the tool',
};

/** Where a finding is, in one line: `src/app.js:12` or the cloud resource. */
export function locationText(finding: Pick<ScopedSecurityFinding, 'location'>): string {
  const { location } = finding;
  if (!location) return '';
  if (location.kind === 'cloud') return location.resourceId;
  const line = location.region?.startLine;
  return line ? `${location.file}:${line}` : location.file;
}

/**
 * 'app:shop' → 'shop (application)', 'repo:shop-api' → 'shop-api (repository)', a cloud sync's
 * 'aws:123456789012:eu-central-1' → 'AWS 123456789012 eu-central-1', 'azure:<id>' → 'Azure <id>'.
 */
export function scopeText(scope: string): string {
  if (scope.startsWith('app:')) return `${scope.slice(4)} (application)`;
  if (scope.startsWith('repo:')) return `${scope.slice(5)} (repository)`;
  if (scope.startsWith('aws:')) return `AWS ${scope.slice(4).replace(':', ' ')}`;
  if (scope.startsWith('azure:')) return `Azure ${scope.slice(6)}`;
  return scope;
}

export const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
