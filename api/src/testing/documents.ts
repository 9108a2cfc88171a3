// Uploads into the evidence library for the documents family's tests: multipart bodies of
// several files and fields, and PDFs with a text.
import PDFDocument from 'pdfkit';
import { withCookie, type SessionCookie } from './identity';
import type { Fixture } from './analysis';

export interface Part {
  name: string;
  content: Buffer | string;
  field?: string;
}

/** A multipart body of files (field 'files') and fields. */
export function multipartBody(files: Part[], fields: Record<string, string> = {}) {
  const boundary = '----portal-documents-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(fixture: Fixture, cookie: SessionCookie, files: Part[], fields: Record<string, string> = {}, graph = 'alpha') {
  const body = multipartBody(files, fields);
  return fixture.app.inject({ method: 'POST', url: `/api/documents?graph=${graph}`, payload: body.payload, headers: { ...withCookie(cookie), ...body.headers } });
}

export function pdfWith(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const document = new PDFDocument();
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.text(text);
    document.end();
  });
}

