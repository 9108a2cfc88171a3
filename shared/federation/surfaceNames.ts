// The names a federation surface file provides: its one `export { … } from '…'` list. Read as
// text by the surface tests (the surfaces import webpack-only aliases jest cannot resolve).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function surfaceNames(file: string): Set<string> {
  const source = readFileSync(join(__dirname, file), 'utf8');
  const body = source.slice(source.indexOf('export {') + 'export {'.length, source.indexOf('} from'));
  return new Set(
    body
      .split('\n')
      .map((line) => line.replace(/\/\/.*/, '').replace(',', '').trim())
      .filter(Boolean),
  );
}
