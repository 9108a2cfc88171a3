// The Beginners Guide of the Support menu (spec 2.3: "opens a PDF document"), rendered with pdfkit
// from the project's own docs/beginners-guide.md, so the guide and the docs cannot drift. The
// markdown subset the guide uses: '#'/'##' headings, paragraphs, '- ' bullets, **bold**.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@portal/shared/server';
import { REPOSITORY_ROOT } from '../config';

export const BEGINNERS_GUIDE_SOURCE = path.join(REPOSITORY_ROOT, 'docs', 'beginners-guide.md');

export type GuideBlock =
  | { kind: 'title' | 'heading' | 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

/** The guide's blocks: consecutive lines join into one paragraph or bullet. */
export function parseGuide(markdown: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  let current: GuideBlock | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (/^#\s/.test(line)) {
      flush();
      blocks.push({ kind: 'title', text: line.replace(/^#\s+/, '') });
    } else if (/^#{2,}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'heading', text: line.replace(/^#+\s+/, '') });
    } else if (/^[-*]\s/.test(line)) {
      flush();
      current = { kind: 'bullet', text: line.replace(/^[-*]\s+/, '') };
    } else if (current) {
      current.text += ` ${line}`;
    } else {
      current = { kind: 'paragraph', text: line };
    }
  }
  flush();
  return blocks;
}

/** Writes text with **bold** spans, wrapped to the page. */
function inline(doc: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
  const parts = text.split('**');
  parts.forEach((part, index) => {
    doc.font(index % 2 === 1 ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(part, { ...options, continued: index < parts.length - 1 });
  });
}

/** The PDF of the markdown guide. */
export function renderGuide(markdown: string, version: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${PRODUCT_NAME} Beginners Guide`, Author: PRODUCT_NAME, Subject: `Version ${version}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const block of parseGuide(markdown)) {
    switch (block.kind) {
      case 'title':
        doc.font('Helvetica-Bold').fontSize(22).text(block.text);
        doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`Version ${version}`).fillColor('black');
        doc.moveDown(1);
        break;
      case 'heading':
        doc.moveDown(0.6).font('Helvetica-Bold').fontSize(15).text(block.text).moveDown(0.3);
        break;
      case 'paragraph':
        doc.fontSize(11);
        inline(doc, block.text, { lineGap: 2 });
        doc.moveDown(0.5);
        break;
      case 'bullet': {
        doc.fontSize(11);
        const y = doc.y;
        doc.font('Helvetica').text('•', 64, y);
        doc.x = 76;
        doc.y = y;
        inline(doc, block.text, { lineGap: 2, width: doc.page.width - 76 - 56 });
        doc.x = 56;
        doc.moveDown(0.2);
        break;
      }
    }
  }
  doc.end();
  return done;
}

let cached: { version: string; pdf: Promise<Buffer> } | null = null;

/** The guide of this version, rendered once per process from docs/beginners-guide.md. */
export function beginnersGuidePdf(version: string): Promise<Buffer> {
  if (!cached || cached.version !== version) {
    const pdf = readFile(BEGINNERS_GUIDE_SOURCE, 'utf8').then((markdown) => renderGuide(markdown, version));
    pdf.catch(() => {
      cached = null;
    });
    cached = { version, pdf };
  }
  return cached.pdf;
}
