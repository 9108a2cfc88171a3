// Reading an uploaded SBOM (issue 7 items 2–3): the format is detected from the document itself
// (CycloneDX 1.2–1.6 JSON or XML, SPDX 2.3 JSON), validated, and reduced to what a build stores —
// its components and the dependency graph. Every refusal is a 400 that says what is wrong and
// where (`fields`: path → message, paths like `components[3].name`).
import { isAscii } from 'node:buffer';
import { textProblem } from '../http/hostile-values';
import { ApiProblem } from '../http/problem';
import { parseCycloneDxJson, parseCycloneDxXml } from './cyclonedx';
import { isObject, Problems, SbomProblem, type ParsedSbom } from './document';
import { parseSpdxJson } from './spdx';

export { CYCLONEDX_VERSIONS, SbomProblem, type ParsedSbom, type ReferenceType } from './document';

/** Decodes the upload (UTF-8, a byte-order mark dropped) and reads it in the format it is in. */
export function parseSbom(bytes: Buffer): ParsedSbom {
  let sbom: ParsedSbom;
  try {
    sbom = readSbom(bytes);
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    // A document hostile enough to break a reader (stack, limits) is refused, not a server error.
    throw new SbomProblem(`The SBOM could not be read: ${(error as Error).message}.`);
  }
  // The database stores no text with NUL characters or lone surrogates: such a document is
  // refused, not half-stored or stored altered. JSON writes either in a string only as a \u escape:
  // a document without one has none.
  const problems = new Problems();
  const mayHoldThem = sbom.encoding !== 'json' || bytes.includes('\\u');
  if (mayHoldThem) {
    sbom.components.forEach((component, index) => {
      for (const [field, value] of Object.entries(component)) {
        const values = Array.isArray(value) ? value : [value];
        const refused = values.map((text) => (typeof text === 'string' ? textProblem(text) : undefined)).find(Boolean);
        if (refused) problems.add(`components[${index}].${field}`, refused);
      }
    });
  }
  const serial = sbom.serialNumber ? textProblem(sbom.serialNumber) : undefined;
  if (serial) problems.add('serialNumber', serial);
  problems.refuse(sbom.format === 'SPDX' ? 'SPDX 2.3 document' : 'CycloneDX document');
  return sbom;
}

/**
 * The upload as text, without its byte-order mark. (Escaping a JSON document's few non-ASCII
 * characters to keep a one-byte string made JSON.parse ~7% faster but cost more than it saved:
 * decoding with Node's UTF-8 decoder and parsing is ~20% faster than both for juice-shop.)
 */
export function decodeUpload(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  return isAscii(body) ? body.toString('latin1') : body.toString('utf8');
}

function readSbom(bytes: Buffer): ParsedSbom {
  const text = decodeUpload(bytes);
  const start = text.search(/\S/);
  if (start < 0) throw new SbomProblem('The SBOM is empty.');
  if (text[start] === '{' || text[start] === '[') return parseJson(text);
  if (text[start] === '<') return parseCycloneDxXml(text);
  throw new SbomProblem('The SBOM is neither JSON nor XML: expected a CycloneDX (JSON or XML) or SPDX 2.3 (JSON) document.');
}

function parseJson(text: string): ParsedSbom {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SbomProblem(`The SBOM is not valid JSON: ${(error as Error).message}.`);
  }
  if (!isObject(document)) throw new SbomProblem('The SBOM is not a JSON object: expected a CycloneDX or SPDX document.');
  if (document.bomFormat !== undefined) {
    if (document.bomFormat !== 'CycloneDX') {
      throw new SbomProblem(`Unknown SBOM format: bomFormat is ${JSON.stringify(document.bomFormat)}, expected "CycloneDX".`, {
        bomFormat: 'must be "CycloneDX"',
      });
    }
    return parseCycloneDxJson(document);
  }
  if (document.spdxVersion !== undefined) return parseSpdxJson(document);
  throw new SbomProblem(
    'Unknown SBOM format: the JSON document has neither bomFormat (CycloneDX) nor spdxVersion (SPDX).',
  );
}

