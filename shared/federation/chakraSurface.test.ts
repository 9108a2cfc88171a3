import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Every Chakra name imported anywhere in the portal's browser code must be provided by the
// federation surface, or the screen using it breaks at run time in the composed portal only.
const ROOT = join(__dirname, '..', '..');
const PACKAGES = ['shared', 'host', 'mfe-auth', 'mfe-requirements', 'mfe-collaboration', 'mfe-applications', 'mfe-operations', 'mfe-admin'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importedNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s+from\s+'@chakra-ui\/react'/g)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const [name, ...rest] = part.trim().split(/\s+as\s+/);
      if (name && !name.startsWith('type ') && rest.length <= 1) names.push(name.trim());
    }
  }
  return names;
}

function surfaceNames(): Set<string> {
  const source = readFileSync(join(__dirname, 'chakra-surface.ts'), 'utf8');
  const body = source.slice(source.indexOf('export {') + 'export {'.length, source.indexOf('} from'));
  return new Set(
    body
      .split('\n')
      .map((line) => line.replace(/\/\/.*/, '').replace(',', '').trim())
      .filter(Boolean),
  );
}

describe('Chakra federation surface', () => {
  const surface = surfaceNames();

  it('provides every Chakra export the portal imports', () => {
    const missing = PACKAGES.flatMap((pkg) => {
      const dir = join(ROOT, pkg, 'src');
      return sourceFiles(dir).flatMap((file) =>
        importedNames(readFileSync(file, 'utf8'))
          .filter((name) => !surface.has(name))
          .map((name) => `${name} (${file.slice(ROOT.length + 1)})`),
      );
    });
    expect(missing).toEqual([]);
  });

  it('names only real Chakra exports', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const chakra = require('@chakra-ui/react') as Record<string, unknown>;
    expect([...surface].filter((name) => !(name in chakra))).toEqual([]);
  });
});
