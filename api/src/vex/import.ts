// Importing a CycloneDX VEX onto a build (issue 7 item 8): each vulnerabilities[] entry × each of
// its affects[].ref is a statement; the ref is resolved to components of the build (by bom-ref, by
// purl, or the product itself), the vulnerability to their findings (by id or alias), and the
// statement's analysis is recorded on each. Statements that name nothing of the build are reported.
import type { VexImportResult, VexSource } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { CYCLONEDX_VERSIONS } from '../sbom/index';
import { validateCycloneDxJson } from '../sbom/index';
import { sameContent } from './analysis';
import {
  allFindings,
  buildComponentsOf,
  buildSerialAndRoot,
  contentOf,
  NO_ANALYSIS,
  recordAnalysis,
  type Actor,
  type AnalysisContent,
  type BuildComponent,
  type FindingRow,
} from './repository';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** CycloneDX put vulnerabilities in the core schema from 1.4 on. */
const VEX_VERSIONS = CYCLONEDX_VERSIONS.filter((version) => version >= '1.4');
export const NOT_A_VEX = 'The VEX is not a CycloneDX document: send a CycloneDX 1.4–1.6 JSON document with a vulnerabilities array.';

interface DocumentComponent {
  purl: string | null;
  name: string | null;
  version: string | null;
}

interface Statement {
  id: string;
  ref: string;
  analysis: AnalysisContent;
}

/** `pkg:type/ns/name@version?qualifiers#subpath` with the qualifiers' order and case of the type made even. */
function samePurl(a: string, b: string): boolean {
  const norm = (purl: string) => {
    const [main, query = ''] = purl.split('#')[0].split('?');
    const qualifiers = query.split('&').filter(Boolean).sort().join('&');
    return `${main.replace(/^pkg:([^/]+)/, (_, type: string) => `pkg:${type.toLowerCase()}`)}?${qualifiers}`;
  };
  return norm(a) === norm(b);
}

/** The document's own components by bom-ref (metadata.component and components, nested ones too). */
function documentComponents(document: Json): Map<string, DocumentComponent> {
  const found = new Map<string, DocumentComponent>();
  const visit = (value: unknown) => {
    if (!isObject(value)) return;
    if (typeof value['bom-ref'] === 'string') {
      found.set(value['bom-ref'], {
        purl: typeof value.purl === 'string' ? value.purl : null,
        name: typeof value.name === 'string' ? value.name : null,
        version: typeof value.version === 'string' ? value.version : null,
      });
    }
    if (Array.isArray(value.components)) value.components.forEach(visit);
  };
  if (isObject(document.metadata)) visit(document.metadata.component);
  if (Array.isArray(document.components)) document.components.forEach(visit);
  return found;
}

/** The statements of a VEX document, after its schema check (400 with the paths otherwise). */
export function readStatements(document: unknown): { statements: Statement[]; serialNumber: string | null; components: Map<string, DocumentComponent>; rootRef: string | null } {
  if (!isObject(document) || document.bomFormat !== 'CycloneDX') throw new ApiProblem(400, NOT_A_VEX);
  const version = document.specVersion;
  if (typeof version !== 'string' || !(VEX_VERSIONS as readonly string[]).includes(version)) {
    throw new ApiProblem(400, `Unsupported CycloneDX version ${JSON.stringify(version ?? null)} for a VEX: the versions read are ${VEX_VERSIONS.join(', ')}.`, {}, {
      specVersion: `must be one of ${VEX_VERSIONS.join(', ')}`,
    });
  }
  validateCycloneDxJson(document, version);
  if (!Array.isArray(document.vulnerabilities)) throw new ApiProblem(400, NOT_A_VEX, {}, { vulnerabilities: 'is required (an array)' });
  const statements: Statement[] = [];
  for (const vulnerability of document.vulnerabilities as Json[]) {
    const id = vulnerability.id as string | undefined;
    if (!id) continue;
    const analysis = isObject(vulnerability.analysis) ? vulnerability.analysis : {};
    const content: AnalysisContent = {
      state: (analysis.state as AnalysisContent['state']) ?? null,
      justification: (analysis.justification as AnalysisContent['justification']) ?? null,
      response: Array.isArray(analysis.response) ? [...new Set(analysis.response as AnalysisContent['response'])] : [],
      detail: typeof analysis.detail === 'string' && analysis.detail.trim() !== '' ? analysis.detail.trim().slice(0, 10_000) : null,
    };
    for (const affect of Array.isArray(vulnerability.affects) ? (vulnerability.affects as Json[]) : []) {
      if (typeof affect.ref === 'string') statements.push({ id, ref: affect.ref, analysis: content });
    }
  }
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const rootRef = isObject(metadata.component) && typeof metadata.component['bom-ref'] === 'string' ? metadata.component['bom-ref'] : null;
  return {
    statements,
    serialNumber: typeof document.serialNumber === 'string' ? document.serialNumber : null,
    components: documentComponents(document),
    rootRef,
  };
}

const BOM_LINK = /^urn:cdx:([0-9a-f-]{36})\/(\d+)#(.+)$/i;

interface Resolution {
  /** Component positions of the build, or 'product': every finding of the vulnerability. */
  target: number[] | 'product';
  reason?: string;
}

function resolver(components: BuildComponent[], root: BuildComponent | undefined, serialNumber: string | null, document: ReturnType<typeof readStatements>) {
  const byRef = new Map(components.map((component) => [component.bom_ref, component.position]));
  const byPurl = (purl: string) => components.filter((component) => component.purl !== null && samePurl(component.purl, purl)).map((component) => component.position);
  const buildSerial = serialNumber?.replace(/^urn:uuid:/i, '').toLowerCase() ?? null;
  const isRoot = (described: DocumentComponent | undefined) =>
    root !== undefined &&
    described !== undefined &&
    ((described.purl !== null && root.purl !== null && samePurl(described.purl, root.purl)) ||
      (described.name !== null && described.name.toLowerCase() === root.name.toLowerCase() && (described.version ?? null) === (root.version ?? null)));

  return (ref: string): Resolution => {
    const link = BOM_LINK.exec(ref);
    if (link) {
      const [, serial, , fragment] = link;
      if (buildSerial !== null && serial.toLowerCase() === buildSerial && byRef.has(fragment)) return { target: [byRef.get(fragment)!] };
      // A bom-ref is local to its BOM; a purl names the package anywhere.
      if (fragment.startsWith('pkg:')) {
        const positions = byPurl(fragment);
        if (positions.length > 0) return { target: positions };
      }
      return { target: [], reason: `The BOM-Link names a component of another BOM (${serial}) that this build does not have.` };
    }
    if (byRef.has(ref)) return { target: [byRef.get(ref)!] };
    if (ref.startsWith('pkg:')) {
      const positions = byPurl(ref);
      if (positions.length > 0) return { target: positions };
    }
    const described = document.components.get(ref);
    if (ref === document.rootRef && isRoot(described)) return { target: 'product' };
    if (described?.purl) {
      const positions = byPurl(described.purl);
      if (positions.length > 0) return { target: positions };
    }
    if (isRoot(described)) return { target: 'product' };
    return { target: [], reason: 'No component of the build has this bom-ref or purl.' };
  };
}

const namesVulnerability = (finding: FindingRow, id: string) => {
  const wanted = id.toUpperCase();
  return finding.vulnerability_id.toUpperCase() === wanted || finding.aliases.some((alias) => alias.toUpperCase() === wanted);
};

/** Applies the document's statements to the build's findings (inside the caller's transaction). */
export async function importVex(tx: Queryable, buildId: string, document: unknown, actor: Actor): Promise<VexImportResult> {
  const read = readStatements(document);
  const build = await buildSerialAndRoot(tx, buildId);
  const components = await buildComponentsOf(tx, buildId);
  const root = components.find((component) => component.bom_ref === build.root_ref);
  const resolve = resolver(components, root, build.serial_number, read);
  const findings = await allFindings(tx, buildId);
  const current = new Map(findings.map((finding) => [`${finding.position}\u0000${finding.vulnerability_id}`, contentOf(finding)]));
  const result: VexImportResult = { statements: read.statements.length, applied: 0, unchanged: 0, skipped: 0, unmatched: [] };
  const source: VexSource = 'vex-import';
  const comment = `Imported from a CycloneDX VEX${read.serialNumber ? ` (${read.serialNumber})` : ''}.`;
  for (const statement of read.statements) {
    if (sameContent(statement.analysis, NO_ANALYSIS)) {
      // A vulnerability listed without analysis says nothing to record (and must not clear one).
      result.skipped += 1;
      continue;
    }
    const resolution = resolve(statement.ref);
    if (resolution.target !== 'product' && resolution.target.length === 0) {
      result.unmatched.push({ id: statement.id, ref: statement.ref, reason: resolution.reason ?? 'No component matches.' });
      continue;
    }
    const positions = resolution.target === 'product' ? null : new Set(resolution.target);
    const hits = findings.filter((finding) => (positions === null || positions.has(finding.position)) && namesVulnerability(finding, statement.id));
    if (hits.length === 0) {
      result.unmatched.push({ id: statement.id, ref: statement.ref, reason: `The build has no finding of ${statement.id} for this component.` });
      continue;
    }
    for (const finding of hits) {
      const key = `${finding.position}\u0000${finding.vulnerability_id}`;
      if (sameContent(current.get(key)!, statement.analysis)) {
        result.unchanged += 1;
        continue;
      }
      await recordAnalysis(tx, finding, statement.analysis, actor, source, comment, true);
      current.set(key, statement.analysis);
      result.applied += 1;
    }
  }
  return result;
}
