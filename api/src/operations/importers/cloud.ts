// Cloud posture and threat findings: AWS Security Hub (ASFF), Prowler (OCSF 1.x Detection Finding)
// and Microsoft Defender for Cloud (recommendations CSV export, REST JSON of alerts and
// assessments). Passed controls and healthy assessments are counted, not kept as findings; a
// control passed by a resource (ASFF Compliance.Status PASSED, Prowler PASS) is returned apart
// (passedControls, Defender's Healthy assessments too) for the compliance checks of cloud controls.
import { parse as parseCsv } from 'csv-parse/sync';
import type { CloudLocation, FindingCategory, FindingImport, FindingImportRun, FindingSeverity, ImportedFinding, PassedControl } from '@portal/shared/server';
import { clip, fingerprintOf, FORMAT_NAMES, MAX_SHORT_TEXT, own, Reader, severityOfWord, strings, type Json, type JsonObject } from './common';

class Runs {
  private readonly runs = new Map<string, { run: FindingImportRun; ids: Set<string> }>();

  of(tool: FindingImportRun['tool'], category: FindingCategory) {
    const key = `${tool.name}\u0000${tool.version ?? ''}\u0000${category}`;
    let entry = this.runs.get(key);
    if (!entry) {
      entry = { run: { tool, category, results: 0, findings: 0, passed: 0, suppressed: 0, ruleIds: [] }, ids: new Set() };
      this.runs.set(key, entry);
    }
    return entry;
  }

  passed(tool: FindingImportRun['tool'], category: FindingCategory) {
    const { run } = this.of(tool, category);
    run.results += 1;
    run.passed += 1;
  }

  found(finding: ImportedFinding) {
    const { run, ids } = this.of(finding.tool, finding.category);
    run.results += 1;
    run.findings += 1;
    if (finding.state === 'suppressed') run.suppressed += 1;
    ids.add(finding.rule.id);
  }

  list(): FindingImportRun[] {
    return [...this.runs.values()].map(({ run, ids }) => ({ ...run, ruleIds: [...ids].sort() }));
  }
}

const obj = (reader: Reader, value: Json | undefined): JsonObject | null => (reader.isObject(value) ? value : null);
const str = (value: Json | undefined, max = MAX_SHORT_TEXT): string | null => (typeof value === 'string' && value !== '' ? clip(value, max) : null);

/** 'arn:aws:iam::1:role/x' → 'iam'; 'AwsEcrContainerImage' → 'ecr'. */
function awsService(resourceId: string, type: string | null): string | null {
  const arn = /^arn:[^:]+:([^:]+):/.exec(resourceId);
  if (arn) return arn[1];
  const typed = /^Aws([A-Z][a-z0-9]+)/.exec(type ?? '');
  return typed ? typed[1].toLowerCase() : null;
}

/** AWS's documented bands of Severity.Normalized, when a finding has no Label. */
function asffNormalized(value: number): FindingSeverity {
  if (value >= 90) return 'critical';
  if (value >= 70) return 'high';
  if (value >= 40) return 'medium';
  if (value >= 1) return 'low';
  return 'info';
}

/** ASFF: {"Findings": [...]} (GetFindings), {"findings": [...]} (console, EventBridge detail) or an EventBridge event. */
export function parseAsff(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES.asff);
  const root = reader.object(document, 'the document');
  const detail = obj(reader, own(root, 'detail'));
  const key = own(root, 'Findings') !== undefined ? 'Findings' : own(root, 'findings') !== undefined ? 'findings' : detail ? 'detail.findings' : 'Findings';
  const list = reader.array(key === 'detail.findings' ? own(detail, 'findings') : own(root, key), key);
  const runs = new Runs();
  const findings: ImportedFinding[] = [];
  const passedControls: PassedControl[] = [];
  list.forEach((raw, i) => {
    const where = `${key}[${i}]`;
    const finding = reader.object(raw, where);
    const id = reader.string(own(finding, 'Id'), `${where}.Id`);
    const productArn = reader.string(own(finding, 'ProductArn'), `${where}.ProductArn`);
    const generator = clip(reader.string(own(finding, 'GeneratorId'), `${where}.GeneratorId`), MAX_SHORT_TEXT);
    const account = reader.string(own(finding, 'AwsAccountId'), `${where}.AwsAccountId`);
    const title = clip(reader.string(own(finding, 'Title'), `${where}.Title`), MAX_SHORT_TEXT);
    const description = reader.optionalString(own(finding, 'Description'), `${where}.Description`);
    const severityObject = reader.object(own(finding, 'Severity'), `${where}.Severity`);
    const label = reader.optionalString(own(severityObject, 'Label'), `${where}.Severity.Label`, 40);
    const normalized = own(severityObject, 'Normalized');
    const resources = reader.array(own(finding, 'Resources'), `${where}.Resources`);
    const resource = reader.object(resources[0], `${where}.Resources[0]`);
    const resourceId = clip(reader.string(own(resource, 'Id'), `${where}.Resources[0].Id`), MAX_SHORT_TEXT);
    const resourceType = str(own(resource, 'Type'));
    const fields = obj(reader, own(finding, 'ProductFields'));
    const product = str(own(finding, 'ProductName')) ?? str(own(fields, 'aws/securityhub/ProductName')) ?? 'AWS Security Hub';
    const tool = { name: product, version: str(own(fields, 'aws/inspector/ProductVersion'), 100) };
    const types = strings(own(finding, 'Types'));
    const category: FindingCategory = types.some((type) => /^(TTPs|Effects|Unusual Behaviors)\b/.test(type))
      ? 'cloud-threat'
      : types.some((type) => /Vulnerabilities/.test(type)) && /Container|Ecr|Lambda|Ec2Instance/i.test(resourceType ?? '')
        ? 'container'
        : 'cloud-posture';
    const compliance = str(own(obj(reader, own(finding, 'Compliance')), 'Status'), 40);
    const workflow = str(own(obj(reader, own(finding, 'Workflow')), 'Status'), 40) ?? str(own(finding, 'WorkflowState'), 40);
    const record = str(own(finding, 'RecordState'), 40);
    // A passed control, an archived record or a resolved workflow is not an open finding.
    if (compliance === 'PASSED' || compliance === 'NOT_AVAILABLE' || record === 'ARCHIVED' || workflow === 'RESOLVED') {
      runs.passed(tool, category);
      // A control the resource passes (an archived record says nothing of it any more).
      if (compliance === 'PASSED' && record !== 'ARCHIVED') {
        const control = str(own(fields, 'ControlId'), 200) ?? str(own(obj(reader, own(finding, 'Compliance')), 'SecurityControlId'), 200);
        passedControls.push({ tool, ruleId: generator, control, resource: resourceId, provider: 'aws' });
      }
      return;
    }
    const remediation = obj(reader, own(obj(reader, own(finding, 'Remediation')), 'Recommendation'));
    const remediationText = str(own(remediation, 'Text'), 8192);
    const remediationUrl = str(own(remediation, 'Url'));
    const vulnerabilityIds = (Array.isArray(own(finding, 'Vulnerabilities')) ? (own(finding, 'Vulnerabilities') as Json[]) : [])
      .map((entry) => str(own(obj(reader, entry), 'Id'), 200))
      .filter((value): value is string => value !== null);
    const controlId = str(own(fields, 'ControlId'), 200) ?? str(own(obj(reader, own(finding, 'Compliance')), 'SecurityControlId'), 200);
    const location: CloudLocation = {
      kind: 'cloud',
      provider: 'aws',
      resourceId,
      resourceType,
      account,
      region: str(own(resource, 'Region'), 100) ?? str(own(finding, 'Region'), 100),
      service: awsService(resourceId, resourceType),
    };
    const imported: ImportedFinding = {
      tool,
      category,
      rule: {
        id: generator,
        name: controlId,
        help: [remediationText, remediationUrl ? `[${remediationUrl}](${remediationUrl})` : null].filter(Boolean).join('\n\n') || null,
        cwe: [],
        tags: types.map((type) => clip(type, 200)),
      },
      severity: label ? severityOfWord(label) : typeof normalized === 'number' ? asffNormalized(normalized) : 'info',
      toolSeverity: label ?? (typeof normalized === 'number' ? String(normalized) : null),
      title,
      message: description,
      location,
      // The product's own id of the finding, unique and kept across its updates (ASFF Id).
      fingerprint: fingerprintOf('asff', productArn, id),
      state: workflow === 'SUPPRESSED' ? 'suppressed' : 'open',
      suppression: workflow === 'SUPPRESSED' ? 'Workflow.Status SUPPRESSED' : null,
      vulnerabilityIds,
    };
    runs.found(imported);
    findings.push(imported);
  });
  return { format: 'asff', runs: runs.list(), findings, passedControls };
}

const PROWLER_SEVERITY_IDS: Record<number, FindingSeverity> = { 1: 'info', 2: 'low', 3: 'medium', 4: 'high', 5: 'critical', 6: 'critical' };

/** Prowler's OCSF JSON: an array of Detection Findings (class_uid 2004). */
export function parseProwler(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES['prowler-ocsf']);
  const list = reader.array(document, 'the document');
  const runs = new Runs();
  const findings: ImportedFinding[] = [];
  const passedControls: PassedControl[] = [];
  list.forEach((raw, i) => {
    const where = `[${i}]`;
    const finding = reader.object(raw, where);
    const metadata = reader.object(own(finding, 'metadata'), `${where}.metadata`);
    const check = clip(reader.string(own(metadata, 'event_code'), `${where}.metadata.event_code`), MAX_SHORT_TEXT);
    const productInfo = obj(reader, own(metadata, 'product'));
    const tool = { name: str(own(productInfo, 'name'), 100) ?? 'Prowler', version: str(own(productInfo, 'version'), 100) };
    const statusCode = reader.string(own(finding, 'status_code'), `${where}.status_code`);
    if (statusCode === 'PASS') {
      runs.passed(tool, 'cloud-posture');
      const passedResource = obj(reader, (Array.isArray(own(finding, 'resources')) ? (own(finding, 'resources') as Json[]) : [])[0]);
      const resourceId = str(own(passedResource, 'uid'));
      const cloudProvider = str(own(obj(reader, own(finding, 'cloud')), 'provider'), 20);
      if (resourceId) passedControls.push({ tool, ruleId: check, control: null, resource: resourceId, provider: cloudProvider });
      return;
    }
    const info = reader.object(own(finding, 'finding_info'), `${where}.finding_info`);
    const uid = reader.string(own(info, 'uid'), `${where}.finding_info.uid`);
    const title = clip(reader.optionalString(own(info, 'title'), `${where}.finding_info.title`) ?? check, MAX_SHORT_TEXT);
    const severity = reader.optionalString(own(finding, 'severity'), `${where}.severity`, 40);
    const severityId = own(finding, 'severity_id');
    const resources = reader.array(own(finding, 'resources'), `${where}.resources`);
    const resource = reader.object(resources[0], `${where}.resources[0]`);
    const cloud = obj(reader, own(finding, 'cloud'));
    const provider = str(own(cloud, 'provider'), 20);
    const remediation = obj(reader, own(finding, 'remediation'));
    const unmapped = obj(reader, own(finding, 'unmapped'));
    const muted = own(finding, 'status') === 'Suppressed';
    const help = [
      str(own(info, 'desc'), 8192),
      str(own(finding, 'risk_details'), 8192) && `**Risk:** ${str(own(finding, 'risk_details'), 8192)}`,
      str(own(remediation, 'desc'), 8192) && `**Remediation:** ${str(own(remediation, 'desc'), 8192)}`,
      ...strings(own(remediation, 'references')).map((link) => `- [${link}](${link})`),
    ].filter(Boolean);
    const imported: ImportedFinding = {
      tool,
      category: 'cloud-posture',
      rule: { id: check, name: title, help: help.join('\n\n') || null, cwe: [], tags: (str(own(unmapped, 'categories')) ?? '').split(',').map((tag) => tag.trim()).filter(Boolean) },
      severity: severity ? severityOfWord(severity) : (PROWLER_SEVERITY_IDS[severityId as number] ?? 'info'),
      toolSeverity: severity,
      title,
      message: reader.optionalString(own(finding, 'status_detail'), `${where}.status_detail`),
      location: {
        kind: 'cloud',
        provider: provider === 'aws' || provider === 'azure' || provider === 'gcp' ? provider : 'other',
        resourceId: clip(reader.string(own(resource, 'uid'), `${where}.resources[0].uid`), MAX_SHORT_TEXT),
        resourceType: str(own(resource, 'type'), 200),
        account: str(own(obj(reader, own(cloud, 'account')), 'uid'), 200),
        region: str(own(resource, 'region'), 100) ?? str(own(cloud, 'region'), 100),
        service: str(own(obj(reader, own(resource, 'group')), 'name'), 100),
      },
      // Prowler's finding uid: provider, check, account, region and resource.
      fingerprint: fingerprintOf('prowler', uid),
      state: muted ? 'suppressed' : 'open',
      suppression: muted ? 'muted in Prowler' : null,
      vulnerabilityIds: [],
    };
    runs.found(imported);
    findings.push(imported);
  });
  return { format: 'prowler-ocsf', runs: runs.list(), findings, passedControls };
}

const DEFENDER = { name: 'Microsoft Defender for Cloud', version: null };

/** '/subscriptions/<id>/…' → '<id>'. */
const subscriptionOf = (resourceId: string): string | null => /^\/subscriptions\/([^/]+)/i.exec(resourceId)?.[1] ?? null;
/** '…/providers/Microsoft.Network/virtualNetworks/x' → 'Microsoft.Network'. */
const azureService = (resourceId: string): string | null => /\/providers\/([^/]+)\/[^/]+\/[^/]+$/i.exec(resourceId)?.[1] ?? null;

/** An assessment's identity: the resource and the assessment key; the CSV export and the REST JSON agree. */
const assessmentFingerprint = (resourceId: string, key: string) => fingerprintOf('defender-assessment', resourceId.toLowerCase(), key.toLowerCase());

const CSV_COLUMNS = ['recommendationName', 'recommendationDisplayName', 'severity', 'state', 'resourceId'];

/** The recommendations CSV exported from the Defender for Cloud portal (UTF-8 with BOM). */
export function parseDefenderCsv(bytes: Buffer | string): FindingImport {
  const reader = new Reader(FORMAT_NAMES['defender-csv']);
  let rows: Array<Record<string, string>>;
  try {
    rows = parseCsv(bytes, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: false, max_record_size: 1024 * 1024 }) as Array<Record<string, string>>;
  } catch (error) {
    const csvError = error as { lines?: number; message?: string };
    return reader.fail(`line ${csvError.lines ?? '?'}`, `is not valid CSV (${clip(String(csvError.message), 200)})`);
  }
  const header = rows.length ? Object.keys(rows[0]) : [];
  const missing = CSV_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) reader.fail('the header', `lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const runs = new Runs();
  const findings: ImportedFinding[] = [];
  const passedControls: PassedControl[] = [];
  rows.forEach((row, i) => {
    const cell = (column: string) => (Object.prototype.hasOwnProperty.call(row, column) && row[column] !== '' ? row[column] : null);
    if (cell('state') !== 'Unhealthy') {
      runs.passed(DEFENDER, 'cloud-posture');
      // A Healthy assessment passes its recommendation on the resource (NotApplicable passes nothing).
      const passedKey = cell('recommendationName');
      const passedResource = cell('resourceId');
      if (cell('state') === 'Healthy' && passedKey && passedResource) {
        passedControls.push({ tool: DEFENDER, ruleId: clip(passedKey, MAX_SHORT_TEXT), control: null, resource: clip(passedResource, MAX_SHORT_TEXT), provider: 'azure' });
      }
      return;
    }
    const key = cell('recommendationName') ?? reader.fail(`row ${i + 2}`, 'has an empty recommendationName');
    const resourceId = cell('resourceId') ?? reader.fail(`row ${i + 2}`, 'has an empty resourceId');
    const severity = cell('severity');
    const help = [cell('description'), cell('remediationSteps') && `**Remediation:** ${cell('remediationSteps')}`, cell('azurePortalRecommendationLink') && `[Open in the Azure portal](${cell('azurePortalRecommendationLink')})`].filter(Boolean);
    const imported: ImportedFinding = {
      tool: DEFENDER,
      category: 'cloud-posture',
      rule: { id: clip(key, MAX_SHORT_TEXT), name: cell('recommendationDisplayName') && clip(cell('recommendationDisplayName')!, MAX_SHORT_TEXT), help: clip(help.join('\n\n')) || null, cwe: [], tags: [] },
      severity: severityOfWord(severity),
      toolSeverity: severity,
      title: clip(`${cell('recommendationDisplayName') ?? key}${cell('resourceName') ? ` (${cell('resourceName')})` : ''}`, MAX_SHORT_TEXT),
      message: cell('description') && clip(cell('description')!),
      location: {
        kind: 'cloud',
        provider: 'azure',
        resourceId: clip(resourceId, MAX_SHORT_TEXT),
        resourceType: cell('resourceType'),
        account: cell('subscriptionId'),
        region: null,
        service: azureService(resourceId) ?? cell('resourceType'),
      },
      fingerprint: assessmentFingerprint(resourceId, key),
      state: 'open',
      suppression: null,
      vulnerabilityIds: [],
    };
    runs.found(imported);
    findings.push(imported);
  });
  return { format: 'defender-csv', runs: runs.list(), findings, passedControls };
}

/** Defender for Cloud REST JSON: a list ({"value": [...]}) or one resource, of alerts and/or assessments. */
export function parseDefenderJson(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES['defender-json']);
  const root = Array.isArray(document) ? null : reader.object(document, 'the document');
  const list = Array.isArray(document) ? document : own(root, 'value') !== undefined ? reader.array(own(root, 'value'), 'value') : [root as Json];
  const prefix = Array.isArray(document) ? '' : own(root, 'value') !== undefined ? 'value' : '';
  const runs = new Runs();
  const findings: ImportedFinding[] = [];
  const passedControls: PassedControl[] = [];
  list.forEach((raw, i) => {
    const where = prefix || Array.isArray(document) ? `${prefix}[${i}]` : 'the document';
    const item = reader.object(raw, where);
    const id = clip(reader.string(own(item, 'id'), `${where}.id`), MAX_SHORT_TEXT);
    const type = reader.string(own(item, 'type'), `${where}.type`);
    const name = clip(reader.string(own(item, 'name'), `${where}.name`), 200);
    const properties = reader.object(own(item, 'properties'), `${where}.properties`);
    if (/^Microsoft\.Security\/assessments$/i.test(type)) {
      const status = reader.object(own(properties, 'status'), `${where}.properties.status`);
      const code = reader.string(own(status, 'code'), `${where}.properties.status.code`);
      const details = obj(reader, own(properties, 'resourceDetails'));
      const resourceId = str(own(details, 'Id')) ?? str(own(details, 'ResourceId')) ?? id.replace(/\/providers\/Microsoft\.Security\/assessments\/[^/]+$/i, '');
      if (code !== 'Unhealthy') {
        runs.passed(DEFENDER, 'cloud-posture');
        // Healthy passes the assessment on the resource, as the CSV's row does (NotApplicable: nothing).
        if (code === 'Healthy' && resourceId) passedControls.push({ tool: DEFENDER, ruleId: name, control: null, resource: clip(resourceId, MAX_SHORT_TEXT), provider: 'azure' });
        return;
      }
      const metadata = obj(reader, own(properties, 'metadata'));
      const severity = str(own(metadata, 'severity'), 40);
      const displayName = str(own(properties, 'displayName')) ?? str(own(metadata, 'displayName')) ?? name;
      const portal = str(own(obj(reader, own(properties, 'links')), 'azurePortalUri'));
      const help = [str(own(metadata, 'description'), 8192), str(own(metadata, 'remediationDescription'), 8192) && `**Remediation:** ${str(own(metadata, 'remediationDescription'), 8192)}`, portal && `[Open in the Azure portal](https://${portal.replace(/^https?:\/\//, '')})`].filter(Boolean);
      const imported: ImportedFinding = {
        tool: DEFENDER,
        category: 'cloud-posture',
        rule: { id: name, name: displayName, help: help.join('\n\n') || null, cwe: [], tags: strings(own(metadata, 'categories')) },
        severity: severityOfWord(severity),
        toolSeverity: severity,
        title: displayName,
        message: str(own(status, 'description'), 8192) ?? str(own(status, 'cause'), 8192),
        location: { kind: 'cloud', provider: 'azure', resourceId, resourceType: null, account: subscriptionOf(resourceId), region: null, service: azureService(resourceId) },
        fingerprint: assessmentFingerprint(resourceId, name),
        state: 'open',
        suppression: null,
        vulnerabilityIds: [],
      };
      runs.found(imported);
      findings.push(imported);
      return;
    }
    if (/^Microsoft\.Security\/(locations\/)?alerts$/i.test(type)) {
      const status = str(own(properties, 'status'), 40);
      const tool = { name: str(own(properties, 'productName'), 100) ?? DEFENDER.name, version: null };
      if (status === 'Resolved') {
        runs.passed(tool, 'cloud-threat');
        return;
      }
      const alertType = clip(reader.string(own(properties, 'alertType'), `${where}.properties.alertType`), MAX_SHORT_TEXT);
      const displayName = clip(reader.string(own(properties, 'alertDisplayName'), `${where}.properties.alertDisplayName`), MAX_SHORT_TEXT);
      const severity = str(own(properties, 'severity'), 40);
      const identifiers = Array.isArray(own(properties, 'resourceIdentifiers')) ? (own(properties, 'resourceIdentifiers') as Json[]) : [];
      const azureResource = identifiers.map((entry) => obj(reader, entry)).find((entry) => own(entry, 'type') === 'AzureResource');
      const resourceId = str(own(azureResource, 'azureResourceId')) ?? str(own(properties, 'compromisedEntity')) ?? id;
      const steps = strings(own(properties, 'remediationSteps'), 8192);
      const imported: ImportedFinding = {
        tool,
        category: 'cloud-threat',
        rule: {
          id: alertType,
          name: displayName,
          help: [str(own(properties, 'description'), 8192), ...steps.map((step) => `- ${step}`)].filter(Boolean).join('\n\n') || null,
          cwe: [],
          tags: [...strings([own(properties, 'intent')]), ...strings(own(properties, 'techniques'))],
        },
        severity: severityOfWord(severity),
        toolSeverity: severity,
        title: displayName,
        message: str(own(properties, 'description'), 8192),
        location: {
          kind: 'cloud',
          provider: 'azure',
          resourceId,
          resourceType: null,
          account: subscriptionOf(resourceId) ?? subscriptionOf(id),
          region: /\/locations\/([^/]+)\/alerts\//i.exec(id)?.[1] ?? null,
          service: azureService(resourceId),
        },
        // systemAlertId is the alert's own id; the resource name is the same GUID.
        fingerprint: fingerprintOf('defender-alert', str(own(properties, 'systemAlertId'), 200) ?? name),
        state: status === 'Dismissed' ? 'suppressed' : 'open',
        suppression: status === 'Dismissed' ? 'Dismissed in Defender for Cloud' : null,
        vulnerabilityIds: [],
      };
      runs.found(imported);
      findings.push(imported);
      return;
    }
    reader.fail(`${where}.type`, `is "${clip(type, 100)}", not Microsoft.Security/alerts or Microsoft.Security/assessments`);
  });
  return { format: 'defender-json', runs: runs.list(), findings, passedControls };
}
