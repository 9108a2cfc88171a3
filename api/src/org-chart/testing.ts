// Test-only helpers of the org chart suites: upload bodies (a file and the mapping field), XLSX
// workbooks written here (a minimal SpreadsheetML package, cells as inline strings, numbers or
// formulas with their saved values) and charts as CSV text.
import { strToU8, zipSync } from 'fflate';

const BOUNDARY = 'org-chart-test-boundary';

/** A multipart body of the file (and, if given, the mapping JSON), with its headers. */
export function chartUpload(fileName: string, content: string | Buffer, mapping?: unknown, contentType = 'text/csv'): { payload: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = [];
  if (mapping !== undefined) {
    const value = typeof mapping === 'string' ? mapping : JSON.stringify(mapping);
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`));
  parts.push(typeof content === 'string' ? Buffer.from(content) : content);
  parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A cell of a test workbook: text, a number, or a formula with the value the workbook saved. */
export type XlsxCell = string | number | { formula: string; value: string };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function cellXml(cell: XlsxCell, reference: string): string {
  if (typeof cell === 'number') return `<c r="${reference}"><v>${cell}</v></c>`;
  if (typeof cell === 'string') return `<c r="${reference}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
  return `<c r="${reference}" t="str"><f>${escapeXml(cell.formula)}</f><v>${escapeXml(cell.value)}</v></c>`;
}

/** An .xlsx workbook of one sheet holding `rows` (the first is the header). */
export function xlsx(rows: readonly (readonly XlsxCell[])[]): Buffer {
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows.map((cells, row) => `<row r="${row + 1}">${cells.map((cell, index) => cellXml(cell, `${column(index)}${row + 1}`)).join('')}</row>`).join('');
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** A CSV of the chart's columns (header: id,name,title,manager_id,email,department) from rows. */
export function csv(rows: readonly (readonly string[])[], separator = ','): string {
  return [['id', 'name', 'title', 'manager_id', 'email', 'department'], ...rows].map((row) => row.join(separator)).join('\r\n') + '\r\n';
}

/** A chart of `count` people: a tree of fan-out `fanOut` under P1, a department per tenth. */
export function bigChart(count: number, fanOut = 6): string[][] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const manager = n === 1 ? '' : `P${Math.floor((n - 2) / fanOut) + 1}`;
    return [`P${n}`, `Person ${n}`, n === 1 ? 'Chief Executive' : 'Engineer', manager, `p${n}@corp.example`, `Dept ${n % 10}`];
  });
}
