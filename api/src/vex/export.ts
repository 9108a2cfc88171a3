// Exporting a build's findings and analyses as a CycloneDX 1.6 VEX (issue 7 item 8), built with
// @cyclonedx/cyclonedx-library's models and its JSON normalizer for spec 1.6. The library's
// analysis model predates firstIssued/lastUpdated (CycloneDX 1.5): those two are added to its
// output. One vulnerabilities[] entry per finding, so each analysis stays with its component.
import { randomUUID } from 'node:crypto';
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import type { BuildRecord } from '../apps/index';
import { analysisOf, type FindingRow } from './repository';

interface Root {
  bom_ref: string;
  name: string;
  version: string | null;
  purl: string | null;
  type: string | null;
}

const RATING: Record<string, Enums.Vulnerability.Severity | undefined> = {
  CRITICAL: Enums.Vulnerability.Severity.Critical,
  HIGH: Enums.Vulnerability.Severity.High,
  MEDIUM: Enums.Vulnerability.Severity.Medium,
  LOW: Enums.Vulnerability.Severity.Low,
  NONE: Enums.Vulnerability.Severity.None,
  UNKNOWN: Enums.Vulnerability.Severity.Unknown,
};

const COMPONENT_TYPES = new Set<string>(Object.values(Enums.ComponentType));

function sourceOf(id: string): Models.Vulnerability.Source {
  if (/^GHSA-/i.test(id)) return new Models.Vulnerability.Source({ name: 'GitHub Advisory Database', url: new URL(`https://github.com/advisories/${id}`) });
  if (/^CVE-/i.test(id)) return new Models.Vulnerability.Source({ name: 'NVD', url: new URL(`https://nvd.nist.gov/vuln/detail/${id}`) });
  return new Models.Vulnerability.Source({ name: 'OSV', url: new URL(`https://osv.dev/vulnerability/${encodeURIComponent(id)}`) });
}

function component(row: { bom_ref: string; name: string; version: string | null; purl: string | null; type?: string | null }): Models.Component {
  const type = row.type && COMPONENT_TYPES.has(row.type) ? (row.type as Enums.ComponentType) : Enums.ComponentType.Library;
  const made = new Models.Component(type, row.name, { bomRef: row.bom_ref, version: row.version ?? undefined });
  // The library types a purl as packageurl-js's PackageURL and only ever writes its toString().
  if (row.purl) made.purl = row.purl as unknown as Models.Component['purl'];
  return made;
}

/** The CycloneDX 1.6 VEX document (as a JSON value) of a build's findings. */
export function vexDocument(appKey: string, build: BuildRecord, root: Root | null, findings: readonly FindingRow[], now = new Date()): Record<string, unknown> {
  const bom = new Models.Bom({ serialNumber: `urn:uuid:${randomUUID()}` });
  bom.metadata.timestamp = now;
  bom.metadata.component = root
    ? component({ ...root, type: root.type ?? 'application' })
    : new Models.Component(Enums.ComponentType.Application, appKey, { bomRef: `${appKey}-build-${build.number}` });
  bom.metadata.component.version ??= `build ${build.number}`;
  const components = new Map<string, Models.Component>();
  const timestamps: Array<{ firstIssued: string; lastUpdated: string } | null> = [];
  for (const finding of findings) {
    if (finding.bom_ref !== root?.bom_ref && !components.has(finding.bom_ref)) {
      const made = component(finding);
      components.set(finding.bom_ref, made);
      bom.components.add(made);
    }
    const analysis = analysisOf(finding);
    const vulnerability = new Models.Vulnerability.Vulnerability({
      bomRef: `${finding.vulnerability_id}/${finding.bom_ref}`,
      id: finding.vulnerability_id,
      source: sourceOf(finding.vulnerability_id),
      description: finding.summary ?? undefined,
      recommendation: finding.fixed_versions.length > 0 ? `Upgrade ${finding.name} to ${finding.fixed_versions.join(' or ')}.` : undefined,
    });
    for (const alias of finding.aliases) vulnerability.references.add(new Models.Vulnerability.Reference(alias, sourceOf(alias)));
    const severity = RATING[finding.severity];
    vulnerability.ratings.add(
      new Models.Vulnerability.Rating({ score: finding.score ?? undefined, severity, method: finding.score !== null ? Enums.Vulnerability.RatingMethod.CVSSv31 : undefined }),
    );
    vulnerability.affects.add(new Models.Vulnerability.Affect(components.get(finding.bom_ref)?.bomRef ?? bom.metadata.component.bomRef));
    if (analysis?.state || analysis?.justification || analysis?.response.length || analysis?.detail) {
      vulnerability.analysis = new Models.Vulnerability.Analysis({
        state: (analysis.state ?? undefined) as Enums.Vulnerability.AnalysisState | undefined,
        justification: (analysis.justification ?? undefined) as Enums.Vulnerability.AnalysisJustification | undefined,
        detail: analysis.detail ?? undefined,
      });
      for (const response of analysis.response) vulnerability.analysis.response.add(response as Enums.Vulnerability.AnalysisResponse);
      timestamps.push({ firstIssued: analysis.first_issued, lastUpdated: analysis.updated_at });
    } else timestamps.push(null);
    bom.vulnerabilities.add(vulnerability);
  }
  const factory = new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6);
  const document = factory.makeForBom().normalize(bom, { sortLists: false }) as unknown as Record<string, unknown> & {
    vulnerabilities?: Array<Record<string, unknown> & { analysis?: Record<string, unknown> }>;
  };
  document.vulnerabilities?.forEach((entry, index) => {
    const times = timestamps[index];
    if (times && entry.analysis) Object.assign(entry.analysis, times);
  });
  return document;
}
