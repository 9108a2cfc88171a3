// The importers' face: bytes of an uploaded file → its findings, the format detected by content
// (or named by the caller). Every refusal is a FindingImportError naming the format expected and
// where the file failed; nothing else is thrown for any input.
import { gunzipSync } from 'node:zlib';
import { FINDING_FORMATS, type FindingFormat, type FindingImport } from '@portal/shared/server';
import { parseAsff, parseDefenderCsv, parseDefenderJson, parseProwler } from './cloud';
import { clip, FindingImportError, FORMAT_NAMES, own, type JsonObject } from './common';
import { parseCheckov, parseKics, parseTfsec } from './iac';
import { parseSarif } from './sarif';
import { parseSemgrep } from './semgrep';
import { parseTrivy } from './trivy';

export { FindingImportError, FORMAT_NAMES } from './common';
export { parseSarif } from './sarif';
export { parseSemgrep } from './semgrep';
export { parseCheckov, parseKics, parseTfsec } from './iac';
export { parseTrivy } from './trivy';
export { parseAsff, parseDefenderCsv, parseDefenderJson, parseProwler } from './cloud';

/** The most a gzip upload may unpack to (a 25,000-result SARIF is ~50 MB). */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

const ANY = 'SARIF 2.1.0, Semgrep, Checkov, KICS, tfsec or Trivy JSON, AWS Security Hub ASFF, Prowler OCSF, or Defender for Cloud (CSV or REST JSON)';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);

/** The format of parsed JSON, by its content; null when none fits. */
export function detectFormat(document: unknown): Exclude<FindingFormat, 'defender-csv'> | null {
  if (Array.isArray(document)) {
    const item = document[0];
    if (!isObject(item)) return null;
    if (own(item, 'check_type') !== undefined) return 'checkov';
    if (own(item, 'class_uid') !== undefined || own(item, 'finding_info') !== undefined) return 'prowler-ocsf';
    if (typeof own(item, 'type') === 'string' && /^Microsoft\.Security\//i.test(own(item, 'type') as string)) return 'defender-json';
    return null;
  }
  if (!isObject(document)) return null;
  if (own(document, 'runs') !== undefined && (own(document, 'version') !== undefined || own(document, '$schema') !== undefined)) return 'sarif';
  if (own(document, 'check_type') !== undefined) return 'checkov';
  if (Array.isArray(own(document, 'queries')) && (own(document, 'kics_version') !== undefined || own(document, 'files_scanned') !== undefined || own(document, 'total_counter') !== undefined)) return 'kics';
  if (own(document, 'SchemaVersion') !== undefined && (own(document, 'Results') !== undefined || own(document, 'ArtifactName') !== undefined)) return 'trivy';
  if (Array.isArray(own(document, 'Findings')) || Array.isArray(own(document, 'findings'))) return 'asff';
  const detail = own(document, 'detail');
  if (isObject(detail) && Array.isArray(own(detail, 'findings'))) return 'asff';
  const results = own(document, 'results');
  if (Array.isArray(results) && results.length > 0 && results.every((result) => isObject(result) && own(result, 'check_id') !== undefined && own(result, 'extra') !== undefined)) return 'semgrep';
  if (Array.isArray(results) && own(document, 'errors') !== undefined && own(document, 'paths') !== undefined) return 'semgrep';
  if (Array.isArray(results) && results.every((result) => isObject(result) && own(result, 'rule_id') !== undefined)) return 'tfsec';
  const value = own(document, 'value');
  const item = first(value) ?? document;
  if (isObject(item) && typeof own(item, 'type') === 'string' && /^Microsoft\.Security\//i.test(own(item, 'type') as string)) return 'defender-json';
  return null;
}

const JSON_IMPORTERS: Record<Exclude<FindingFormat, 'defender-csv'>, (document: unknown) => FindingImport> = {
  sarif: parseSarif,
  semgrep: parseSemgrep,
  checkov: parseCheckov,
  kics: parseKics,
  tfsec: parseTfsec,
  trivy: parseTrivy,
  asff: parseAsff,
  'prowler-ocsf': parseProwler,
  'defender-json': parseDefenderJson,
};

function unpack(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new FindingImportError('A gzip-compressed file', 'the gzip stream', tooLarge ? `unpacks to more than ${MAX_UNPACKED_BYTES / (1024 * 1024)} MB` : 'is not valid gzip');
  }
}

/** Reads an uploaded file (plain or gzip) in the named format, or the one its content shows. */
export function importFindings(bytes: Buffer, format?: FindingFormat): FindingImport {
  if (format !== undefined && !FINDING_FORMATS.includes(format)) throw new FindingImportError(ANY, 'the format', `"${clip(String(format), 50)}" is not one the portal reads`);
  const expected = format ? FORMAT_NAMES[format] : ANY;
  const content = unpack(bytes);
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') {
    if (format === undefined || format === 'defender-csv') {
      if (/^[^\n]*recommendationName/.test(text)) return parseDefenderCsv(text);
    }
    throw new FindingImportError(expected, 'the file', text.trim() === '' ? 'is empty' : 'is neither JSON nor a Defender for Cloud recommendations CSV');
  }
  if (format === 'defender-csv') throw new FindingImportError(expected, 'the file', 'is JSON, not CSV');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new FindingImportError(expected, 'the file', `is not valid JSON (${clip((error as Error).message, 200)})`);
  }
  const detected = format ?? detectFormat(document);
  if (!detected) throw new FindingImportError(expected, 'the file', 'matches none of these formats');
  try {
    return JSON_IMPORTERS[detected as Exclude<FindingFormat, 'defender-csv'>](document);
  } catch (error) {
    // A document nested deeper than the stack: refused like any malformed file.
    if (error instanceof RangeError) throw new FindingImportError(FORMAT_NAMES[detected], 'the document', 'is nested too deeply');
    throw error;
  }
}
