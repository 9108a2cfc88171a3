// SPDX 2.3 JSON, read into a ParsedSbom.
import { isObject, optionalText, Problems, references, SbomProblem, SHORT, SPDX_VERSIONS, type Json, type ParsedSbom, type SbomComponent } from './document';
import { spdxProvenance } from './provenance';

// ---------------------------------------------------------------- SPDX 2.3 JSON

const SPDX_ID = /^SPDXRef-[A-Za-z0-9.-]+$/;

function spdxLicense(value: unknown): string | null {
  return typeof value === 'string' && value !== 'NOASSERTION' && value !== 'NONE' && value.length <= SHORT ? value : null;
}

/** An SPDX location, NOASSERTION and NONE being none. */
function spdxLocation(value: unknown): string | null {
  return typeof value === 'string' && value !== 'NOASSERTION' && value !== 'NONE' ? value : null;
}

/** SPDX 2.3 §7.7: a VCS location is written <vcs>+<transport>://… (git+https://…). */
function spdxVcs(value: unknown): boolean {
  return typeof value === 'string' && /^(git|hg|svn|bzr)\+/.test(value);
}

export function parseSpdxJson(document: Json): ParsedSbom {
  if (!(SPDX_VERSIONS as readonly unknown[]).includes(document.spdxVersion)) {
    throw new SbomProblem(
      `Unsupported SPDX version ${JSON.stringify(document.spdxVersion)}: the version read is SPDX-2.3 (JSON).`,
      { spdxVersion: 'must be "SPDX-2.3"' },
    );
  }
  const problems = new Problems();
  if (document.SPDXID !== 'SPDXRef-DOCUMENT') problems.add('SPDXID', 'must be "SPDXRef-DOCUMENT"');
  if (typeof document.name !== 'string' || document.name === '') problems.add('name', 'is required (a non-empty string)');
  if (typeof document.documentNamespace !== 'string' || document.documentNamespace === '') {
    problems.add('documentNamespace', 'is required (a URI)');
  }
  const creationInfo = document.creationInfo;
  if (!isObject(creationInfo)) problems.add('creationInfo', 'is required (an object with created and creators)');
  else {
    if (typeof creationInfo.created !== 'string' || Number.isNaN(Date.parse(creationInfo.created))) {
      problems.add('creationInfo.created', 'must be a date-time');
    }
    if (!Array.isArray(creationInfo.creators) || creationInfo.creators.length === 0 || creationInfo.creators.some((creator) => typeof creator !== 'string')) {
      problems.add('creationInfo.creators', 'must be a non-empty array of strings');
    }
  }
  const packages = document.packages ?? [];
  if (!Array.isArray(packages)) problems.add('packages', 'must be an array');
  const components: SbomComponent[] = [];
  const ids = new Map<string, string>();
  (Array.isArray(packages) ? packages : []).forEach((item, index) => {
    const path = `packages[${index}]`;
    if (!isObject(item)) {
      problems.add(path, 'must be an object');
      return;
    }
    const id = item.SPDXID;
    if (typeof id !== 'string' || !SPDX_ID.test(id)) {
      problems.add(`${path}.SPDXID`, 'must be an SPDX id (SPDXRef- followed by letters, digits, . or -)');
      return;
    }
    if (ids.has(id)) {
      problems.add(`${path}.SPDXID`, `duplicates ${ids.get(id)}.SPDXID`);
      return;
    }
    if (typeof item.name !== 'string' || item.name === '') {
      problems.add(`${path}.name`, 'is required (a non-empty string)');
      return;
    }
    if (item.name.length > SHORT) {
      problems.add(`${path}.name`, `must be at most ${SHORT} characters`);
      return;
    }
    const version = optionalText(item.versionInfo, `${path}.versionInfo`, problems);
    let purl: string | null = null;
    const refs = item.externalRefs ?? [];
    if (!Array.isArray(refs)) problems.add(`${path}.externalRefs`, 'must be an array');
    else {
      refs.forEach((ref, at) => {
        if (!isObject(ref)) {
          problems.add(`${path}.externalRefs[${at}]`, 'must be an object');
          return;
        }
        if (ref.referenceType === 'purl') {
          const locator = optionalText(ref.referenceLocator, `${path}.externalRefs[${at}].referenceLocator`, problems);
          purl ??= locator;
        }
      });
    }
    const licenses = [spdxLicense(item.licenseConcluded), spdxLicense(item.licenseDeclared)].filter(
      (license, at, all): license is string => license !== null && all.indexOf(license) === at,
    );
    ids.set(id, path);
    components.push({
      bomRef: id,
      type: typeof item.primaryPackagePurpose === 'string' ? item.primaryPackagePurpose.toLowerCase().slice(0, 64) : 'library',
      group: optionalText(item.supplier, `${path}.supplier`, problems),
      name: item.name,
      version,
      purl,
      licenses,
      references: references([
        { type: spdxVcs(item.downloadLocation) ? 'vcs' : 'distribution', url: spdxLocation(item.downloadLocation) },
        { type: 'website', url: spdxLocation(item.homepage) },
      ]),
    });
  });
  const dependencies: Array<[string, string]> = [];
  const described: string[] = Array.isArray(document.documentDescribes)
    ? document.documentDescribes.filter((id): id is string => typeof id === 'string')
    : [];
  const relationships = document.relationships ?? [];
  if (!Array.isArray(relationships)) problems.add('relationships', 'must be an array');
  (Array.isArray(relationships) ? relationships : []).forEach((relationship, index) => {
    const path = `relationships[${index}]`;
    if (!isObject(relationship)) {
      problems.add(path, 'must be an object');
      return;
    }
    const { spdxElementId: from, relatedSpdxElement: to, relationshipType: type } = relationship;
    if (typeof from !== 'string') problems.add(`${path}.spdxElementId`, 'is required (an SPDX id)');
    if (typeof to !== 'string') problems.add(`${path}.relatedSpdxElement`, 'is required (an SPDX id)');
    if (typeof type !== 'string') problems.add(`${path}.relationshipType`, 'is required');
    if (typeof from !== 'string' || typeof to !== 'string' || typeof type !== 'string') return;
    if (type === 'DESCRIBES' && from === 'SPDXRef-DOCUMENT') described.push(to);
    else if ((type === 'DEPENDS_ON' || type === 'CONTAINS') && ids.has(from) && ids.has(to)) dependencies.push([from, to]);
    else if ((type === 'DEPENDENCY_OF' || type === 'CONTAINED_BY') && ids.has(from) && ids.has(to)) dependencies.push([to, from]);
  });
  problems.refuse('SPDX 2.3 document');
  const rootId = described.find((id) => ids.has(id));
  let root: SbomComponent | null = null;
  if (rootId !== undefined) {
    const at = components.findIndex((component) => component.bomRef === rootId);
    [root] = components.splice(at, 1);
    components.unshift(root);
  }
  return {
    format: 'SPDX',
    specVersion: '2.3',
    encoding: 'json',
    serialNumber: typeof document.documentNamespace === 'string' ? document.documentNamespace.slice(0, SHORT) : null,
    root,
    components,
    dependencies,
    provenance: spdxProvenance(document, rootId),
  };
}
