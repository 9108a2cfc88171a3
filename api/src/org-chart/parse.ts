// An uploaded chart file read as a table of text: CSV (UTF-8, a BOM allowed, comma, semicolon or
// tab separated, as spreadsheet programs save it) or XLSX (its first sheet). Every cell is text:
// a cell starting with '=' is kept as written, never evaluated; an XLSX formula gives the value
// the workbook saved. What is neither is refused by its content, whatever its name says.
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { ApiProblem } from '../http/problem';

export const ORG_CHART_MAX_BYTES = 5 * 1024 * 1024;
/** People (data rows) in one chart. */
export const ORG_CHART_MAX_ROWS = 20_000;
const MAX_COLUMNS = 64;
/** What the sheets of an XLSX may expand to (a zip bomb stops here, before it is read). */
const XLSX_MAX_EXPANDED_BYTES = 64 * 1024 * 1024;

export const WRONG_TYPE = 'The file must be a CSV file (UTF-8 text) or an XLSX workbook.';
export const NO_HEADER = 'The file has no header row: its first row names the columns.';
export const NO_PEOPLE = 'The file has a header row but no people.';
export const TOO_MANY_ROWS = `The chart has more than ${ORG_CHART_MAX_ROWS.toLocaleString('en-US')} people.`;
export const TOO_MANY_COLUMNS = `The file has more than ${MAX_COLUMNS} columns.`;
export const tooLarge = (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;

export interface TableRow {
  /** The row's line in the file (CSV: where the record ends; XLSX: the sheet's row number); the header is line 1. */
  line: number;
  cells: string[];
}

export interface Table {
  format: 'csv' | 'xlsx';
  columns: string[];
  rows: TableRow[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (content: Buffer) => ZIP_MAGIC.every((byte, index) => content[index] === byte);

/** The table of `content`; refuses (415/400/413) what is not a chart file. */
export async function readTable(content: Buffer): Promise<Table> {
  const table = isZip(content) ? await readXlsx(content) : readCsv(content);
  const [header, ...rows] = table.rows;
  if (!header || header.cells.every((cell) => cell === '')) throw new ApiProblem(400, NO_HEADER);
  if (header.cells.length > MAX_COLUMNS) throw new ApiProblem(400, TOO_MANY_COLUMNS);
  if (rows.length === 0) throw new ApiProblem(400, NO_PEOPLE);
  if (rows.length > ORG_CHART_MAX_ROWS) throw new ApiProblem(413, TOO_MANY_ROWS);
  return { format: table.format, columns: header.cells, rows };
}

function readCsv(content: Buffer): { format: 'csv'; rows: TableRow[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw new ApiProblem(415, WRONG_TYPE);
  }
  // Binary files that happen to be valid UTF-8 (a PDF's header, an image) carry control characters.
  // oxlint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) throw new ApiProblem(415, WRONG_TYPE);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    throw new ApiProblem(400, `The CSV file could not be read${line ? ` at line ${line}` : ''}: ${reason}.`);
  }
  const rows = records
    .map(({ record, info }) => ({ line: info.lines, cells: record.map((cell) => cell.trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  return { format: 'csv', rows };
}

/** The separator of the header line: the most frequent of comma, semicolon and tab outside quotes. */
function delimiterOf(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((candidate) => [candidate, firstLine.split(candidate).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

async function readXlsx(content: Buffer): Promise<{ format: 'xlsx'; rows: TableRow[] }> {
  let expanded = 0;
  let workbook = false;
  try {
    // Only the directory is read here (filter answers false): what each entry says it expands to.
    unzipSync(content, {
      filter: (file) => {
        expanded += file.originalSize;
        if (file.name === 'xl/workbook.xml') workbook = true;
        return false;
      },
    });
  } catch {
    throw new ApiProblem(415, WRONG_TYPE);
  }
  if (!workbook) throw new ApiProblem(415, WRONG_TYPE);
  if (expanded > XLSX_MAX_EXPANDED_BYTES) throw new ApiProblem(413, 'The workbook expands to more than 64 MB.');
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(content)) as unknown[][];
  } catch {
    throw new ApiProblem(415, WRONG_TYPE);
  }
  const rows = sheet
    .map((cells, index) => ({ line: index + 1, cells: cells.map(cellText) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  return { format: 'xlsx', rows };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).trim();
}
