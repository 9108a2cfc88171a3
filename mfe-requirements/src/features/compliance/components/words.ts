// How live compliance is named on the screens: statuses (always as words, never colour alone),
// kinds of check, scopes, sources and what a reason points at.
import type { ComplianceCheckKind, ComplianceFindingSource, ComplianceReasonKind, ComplianceScope, ComplianceScopeKind, ComplianceStatus, SbomProvenanceAttribute } from '@portal/shared/compliance';

export const STATUS_WORDS: Record<ComplianceStatus, { label: string; palette: string; mark: string }> = {
  passing: { label: 'Passing', palette: 'green', mark: '✓' },
  failing: { label: 'Failing', palette: 'red', mark: '✕' },
  not_evaluated: { label: 'Not evaluated', palette: 'gray', mark: '?' },
};

export const KIND_LABELS: Record<ComplianceCheckKind, string> = {
  'open-findings': 'Open findings by age',
  'active-exploit': 'Actively exploited findings',
  'sbom-fresh': 'SBOM freshness',
  'license-category': 'License categories',
  'cloud-control': 'Cloud controls',
  'evidence-file': 'Evidence file',
  'recurring-task': 'Recurring task',
  'sbom-provenance': 'SBOM provenance',
};

/** What each kind verifies, as the dialog's kind choice explains it. */
export const KIND_HINTS: Record<ComplianceCheckKind, string> = {
  'open-findings': 'Fails when an open finding at or above a severity is older than a number of days (VEX not affected, false positives and triaged findings excluded).',
  'active-exploit': 'Fails when an open finding has an active exploit (flagged, or in the CISA KEV catalog).',
  'sbom-fresh': 'Fails when an application in scope has no processed SBOM newer than a number of days.',
  'license-category': "Fails when a deployment profile's RBOM has a component with a license of a category.",
  'cloud-control': 'Fails when a cloud control (Security Hub control id, Prowler check id, Defender assessment) fails on a resource.',
  'evidence-file': 'Fails unless a document linked to the requirement is within its review-by date.',
  'recurring-task': 'Fails unless the latest due occurrence of a recurring task was completed on time.',
  'sbom-provenance': "Fails when an application's current SBOM does not record the provenance required (supplier, author, tool, timestamp, signature, upload by a CI/CD pipeline) or identifies too few components by a package URL.",
};

export const PROVENANCE_LABELS: Record<SbomProvenanceAttribute, string> = {
  supplier: 'Supplier',
  author: 'Author',
  tool: 'Generating tool',
  timestamp: 'Timestamp',
  signature: 'Signature (not verified)',
  pipeline: 'Uploaded by a CI/CD pipeline',
};

export const SCOPE_LABELS: Record<ComplianceScopeKind, string> = {
  process: 'The whole process',
  applications: 'Applications (by key, portfolio or tag)',
  repositories: 'Repositories',
  'cloud-accounts': 'Cloud accounts',
};

export const SOURCE_LABELS: Record<ComplianceFindingSource, string> = { sbom: 'SBOM', sast: 'SAST', iac: 'IaC', cloud: 'Cloud' };

export const REASON_LABELS: Record<ComplianceReasonKind, string> = {
  finding: 'Finding',
  vulnerability: 'Vulnerability',
  component: 'Component',
  application: 'Application',
  resource: 'Resource',
  document: 'Document',
  task: 'Task',
  requirement: 'Requirement',
};

/** The scope in words ('Applications shop, portfolio Retail'). */
export function scopeText(scope: ComplianceScope): string {
  switch (scope.kind) {
    case 'process':
      return 'The whole process';
    case 'applications': {
      const parts = [
        scope.keys.length > 0 ? `applications ${scope.keys.join(', ')}` : '',
        scope.portfolios.length > 0 ? `portfolio${scope.portfolios.length === 1 ? '' : 's'} ${scope.portfolios.join(', ')}` : '',
        scope.tags.length > 0 ? `tag${scope.tags.length === 1 ? '' : 's'} ${scope.tags.join(', ')}` : '',
      ].filter(Boolean);
      const text = parts.join('; ');
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    case 'repositories':
      return `Repositories ${scope.names.join(', ')}`;
    case 'cloud-accounts':
      return `Cloud accounts ${scope.accounts.join(', ')}`;
  }
}
