// The searchable text of a PDF version (issue 23 item 7), through pdf-parse (pdf.js) in a worker
// thread: a hostile or huge PDF costs at most PDF_TEXT_TIMEOUT_MS and the worker's heap cap, and
// never the server's event loop. PDFs up to PDF_TEXT_MAX_BYTES are read (pdf.js holds the whole
// file); larger ones, and PDFs pdf.js cannot read, are stored all the same, without text.
import { Worker } from 'node:worker_threads';
import { DOCUMENT_TEXT_MAX } from './content';

export const PDF_TEXT_MAX_BYTES = 32 * 1024 * 1024;
export const PDF_TEXT_TIMEOUT_MS = 20_000;

// Plain CommonJS run by the worker: pdf.js loads its own worker module with import(), which runs
// in a real thread whatever loaded this file (the test runner's module system cannot).
const EXTRACT = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { PDFParse } = require(workerData.module);
(async () => {
  const parser = new PDFParse({ data: readFileSync(workerData.file) });
  try {
    parentPort.postMessage((await parser.getText()).text);
  } catch {
    parentPort.postMessage('');
  } finally {
    await parser.destroy().catch(() => undefined);
  }
})();
`;

/** The text of the PDF at `file` (at most DOCUMENT_TEXT_MAX characters), '' when it has none. */
export function pdfText(file: string, size: number): Promise<string> {
  if (size > PDF_TEXT_MAX_BYTES) return Promise.resolve('');
  return new Promise((resolve) => {
    const worker = new Worker(EXTRACT, {
      eval: true,
      workerData: { file, module: require.resolve('pdf-parse') },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const finish = (text: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      // pdf-parse marks page ends with '-- n of m --'.
      resolve(text.replace(/\n*-- \d+ of \d+ --\n*/g, '\n').trim().slice(0, DOCUMENT_TEXT_MAX));
    };
    const timer = setTimeout(() => finish(''), PDF_TEXT_TIMEOUT_MS);
    worker.once('message', (text: unknown) => finish(typeof text === 'string' ? text : ''));
    worker.once('error', () => finish(''));
    worker.once('exit', () => finish(''));
  });
}
