// Compliance templates and exports (issue 28 items 4 and 5, docs/compliance.md "Templates" and
// "Exports"): the shipped set mapping NIST SP 800-53 controls to checks, what applying it to an
// imported catalog answers, and the names of the export downloads. Part of
// '@portal/shared/compliance'. Pure (no React, no DOM).
import type { ComplianceCheckInput, ComplianceCheckKind } from './compliance';

/** A shipped template: the checks a control of NIST SP 800-53 gets. */
export interface ComplianceTemplate {
  /** The control's OSCAL id ('ra-5'): matched against a requirement's `source` (any case). */
  control_id: string;
  /** As NIST labels it ('RA-5'). */
  label: string;
  title: string;
  /** Why these checks evidence the control. */
  rationale: string;
  /** The checks as POST requirements/{id}/checks takes them (SI-2's follow the process's SLA). */
  checks: ComplianceCheckInput[];
}

/** POST compliance/templates/apply: the catalog (a standard imported into the process) and, optionally, some templates only. */
export interface ComplianceTemplateApplyInput {
  standard_id: string;
  /** Control ids of templates ('ra-5'); absent: every template. */
  controls?: string[];
}

/** Why a template's check was not added. */
export const COMPLIANCE_TEMPLATE_SKIPS = ['not-in-catalog', 'already-applied', 'too-many-checks'] as const;
export type ComplianceTemplateSkip = (typeof COMPLIANCE_TEMPLATE_SKIPS)[number];

export interface ComplianceTemplateAdded {
  control_id: string;
  requirement_id: string;
  code: string;
  check_id: string;
  kind: ComplianceCheckKind;
  description: string;
}

export interface ComplianceTemplateSkipped {
  control_id: string;
  /** null: the catalog has no requirement of that control. */
  requirement_id: string | null;
  code: string | null;
  kind: ComplianceCheckKind;
  reason: ComplianceTemplateSkip;
}

/** What applying answers: every check added (evaluated at once) and every one skipped, with why. */
export interface ComplianceTemplateApplyResult {
  standard_id: string;
  added: ComplianceTemplateAdded[];
  skipped: ComplianceTemplateSkipped[];
}

export const COMPLIANCE_TEMPLATE_MESSAGES = {
  standard: 'Must be the id of a standard imported into this process.',
  controls: 'Must be a list of control ids of shipped templates (GET compliance/templates).',
  unknownField: (field: string) => `'${field}' is not a field of a template application.`,
} as const;

/** The file names the export routes answer with (Content-Disposition). */
export const COMPLIANCE_EXPORT_FILES = {
  oscal: (name: string) => `assessment-results-${name}.json`,
  cyclonedx: (appKey: string) => `attestation-${appKey}.cdx.json`,
} as const;
