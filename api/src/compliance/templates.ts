// The shipped templates (docs/compliance.md, "Templates"): NIST SP 800-53 rev5 controls mapped to
// the checks that evidence them from what the portal holds. A template's checks are ordinary checks
// once applied (editable and deletable through the check routes). SI-2's follow the process's SLA
// for findings (GET security/sla) as it is when they are listed or applied: one open-findings check
// per severity that has days, failing on an open finding older than its severity's days.
import { FINDING_SEVERITIES, type ComplianceCheckInput, type ComplianceTemplate, type FindingSla } from '@portal/shared/server';

const ALL_SOURCES = ['sbom', 'sast', 'iac', 'cloud'];

/** SI-2's checks: no open finding (any source) past its severity's days in the SLA (a severity without days: none). */
function remediationChecks(sla: FindingSla): ComplianceCheckInput[] {
  return FINDING_SEVERITIES.filter((severity) => severity !== 'info' && sla[severity] !== null && sla[severity] !== undefined).map((severity) => ({
    kind: 'open-findings',
    params: { sources: ALL_SOURCES, severity, older_than_days: sla[severity] },
  }));
}

/** The templates, SI-2's from the process's SLA; a template without checks (an SLA without days) is left out. */
export function complianceTemplates(sla: FindingSla): ComplianceTemplate[] {
  const templates: ComplianceTemplate[] = [
    {
      control_id: 'ra-5',
      label: 'RA-5',
      title: 'Vulnerability Monitoring and Scanning',
      rationale:
        'The SBOMs of the applications are scanned continuously: no known vulnerability of high severity or above stays open more than 30 days, and none with an active exploit (flagged, or in CISA’s KEV catalog) stays open at all.',
      checks: [
        { kind: 'open-findings', params: { sources: ['sbom'], severity: 'high', older_than_days: 30 } },
        { kind: 'active-exploit', params: { sources: ALL_SOURCES } },
      ],
    },
    {
      control_id: 'si-2',
      label: 'SI-2',
      title: 'Flaw Remediation',
      rationale:
        "Flaws are remediated within the process's SLA (Security → SLA): for each severity with days, no open finding of the SBOMs, code, IaC or cloud scanners older than them.",
      checks: remediationChecks(sla),
    },
    {
      control_id: 'cm-8',
      label: 'CM-8',
      title: 'System Component Inventory',
      rationale: 'Every application has an inventory of its components: a processed SBOM uploaded within the last 30 days.',
      checks: [{ kind: 'sbom-fresh', params: { max_age_days: 30 } }],
    },
    {
      control_id: 'sa-11',
      label: 'SA-11',
      title: 'Developer Testing and Evaluation',
      rationale: 'Static analysis (SAST and secret scanning) runs on the code: no open finding of high severity or above.',
      checks: [{ kind: 'open-findings', params: { sources: ['sast'], severity: 'high', older_than_days: 0 } }],
    },
    {
      control_id: 'cm-6',
      label: 'CM-6',
      title: 'Configuration Settings',
      rationale: 'Infrastructure as code and container configurations are checked: no open IaC or container finding of high severity or above.',
      checks: [{ kind: 'open-findings', params: { sources: ['iac'], severity: 'high', older_than_days: 0 } }],
    },
    {
      control_id: 'sr-4',
      label: 'SR-4',
      title: 'Provenance',
      rationale: 'The SBOM of every application documents its provenance: the supplier of the software, the author of the SBOM, the tool that generated it and when.',
      checks: [{ kind: 'sbom-provenance', params: { require: ['supplier', 'author', 'tool', 'timestamp'], min_identified_percent: 0 } }],
    },
    {
      control_id: 'sr-11',
      label: 'SR-11',
      title: 'Component Authenticity',
      rationale:
        'Components can be traced to their origin: the SBOM comes from a registered CI/CD pipeline (its API key), not by hand, and identifies at least 95% of its components by a package URL.',
      checks: [{ kind: 'sbom-provenance', params: { require: ['pipeline'], min_identified_percent: 95 } }],
    },
  ];
  return templates.filter((template) => template.checks.length > 0);
}
