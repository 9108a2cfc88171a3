// A CSV text as rows of cells (RFC 4180: quoted cells with "" for a quote, CRLF or LF rows), at
// most `maxRows` rows for a preview.
export function parseCsv(text: string, maxRows = 500): { rows: string[][]; cut: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length >= maxRows) return { rows, cut: index < text.length - 1 };
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return { rows, cut: false };
}

export const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The kind of preview a stored type gets. */
export type PreviewKind = 'pdf' | 'image' | 'markdown' | 'csv' | 'text' | 'none';

export function previewKind(contentType: string): PreviewKind {
  const type = contentType.split(';')[0].trim();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'text/csv') return 'csv';
  if (type === 'text/plain') return 'text';
  return 'none';
}
