// A report as CSV (csv-stringify; a header of the column labels) or as a PDF table (pdfkit, as
// the Beginners Guide), both written for people as the reports screen is (reportCellText: 'In
// review', not IN_REVIEW; days as MM/DD/YYYY, spec 9). Cells a spreadsheet would run as a formula
// are quoted with a leading "'".
import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME, reportCellText } from '@portal/shared/server';
import type { Report, ReportValue } from './reports';

const FORMULA = /^[=+\-@\t\r]/;

function cell(key: string, value: ReportValue): string {
  const text = reportCellText(key, value);
  return typeof value === 'string' && FORMULA.test(text) ? `'${text}` : text;
}

export function reportCsv(report: Report): string {
  return stringify([report.columns.map((column) => column.label), ...report.rows.map((row) => report.columns.map(({ key }) => cell(key, row[key] ?? null)))], {
    record_delimiter: '\r\n',
  });
}

export interface PdfHeading {
  process: string;
  /** When it was made (ISO time). */
  generatedAt: string;
}

/** '2026-11-27T09:53:47.000Z' as '11/27/2026 09:53 UTC' (spec 9's dates). */
export function generatedText(iso: string): string {
  const [, year, month, day, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(iso) ?? [];
  return year ? `${month}/${day}/${year} ${time} UTC` : iso;
}

// Long texts (descriptions, plans) get more room than codes and numbers.
const WIDE = new Set(['title', 'description', 'remediation_plan']);
const CELL_MAX = 600;

export function reportPdf(report: Report, heading: PdfHeading): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: report.columns.length > 5 ? 'landscape' : 'portrait',
    margin: 40,
    bufferPages: true,
    info: { Title: `${report.title} – ${heading.process}`, Author: PRODUCT_NAME, Subject: `${report.kind} report` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const weights = report.columns.map((column) => (WIDE.has(column.key) ? 3 : 1));
  const unit = usable / weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => weight * unit);
  const padding = 3;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(16).text(report.title);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Process ${heading.process} · ${report.rows.length} rows · generated ${generatedText(heading.generatedAt)}`)
    .fillColor('black');
  doc.moveDown(0.8);

  const drawRow = (values: string[], bold: boolean): void => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(...values.map((value, index) => doc.heightOfString(value || ' ', { width: widths[index] - 2 * padding }))) + 2 * padding;
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      if (!bold) drawRow(report.columns.map((column) => column.label), true);
      doc.font('Helvetica').fontSize(8);
    }
    const top = doc.y;
    let x = left;
    if (bold) doc.rect(left, top, usable, height).fill('#eeeeee').fillColor('black');
    values.forEach((value, index) => {
      doc.text(value, x + padding, top + padding, { width: widths[index] - 2 * padding });
      x += widths[index];
    });
    doc.moveTo(left, top + height).lineTo(left + usable, top + height).lineWidth(0.5).strokeColor('#cccccc').stroke();
    doc.x = left;
    doc.y = top + height;
  };

  drawRow(report.columns.map((column) => column.label), true);
  // A cell never outgrows a page (the CSV and JSON keep the whole text).
  const text = (key: string, value: ReportValue | undefined) => {
    const whole = reportCellText(key, value ?? null);
    return whole.length > CELL_MAX ? `${whole.slice(0, CELL_MAX - 1)}…` : whole;
  };
  for (const row of report.rows) drawRow(report.columns.map(({ key }) => text(key, row[key])), false);
  if (report.rows.length === 0) doc.font('Helvetica-Oblique').fontSize(9).text('Nothing to report.', left, doc.y + 6);

  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    // Below the bottom margin: without it pdfkit would open a page for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777777')
      .text(`${index + 1} / ${pages.count}`, left, doc.page.height - margin + 12, { width: usable, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
