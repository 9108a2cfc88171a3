import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { surfaceNames } from './surfaceNames';

// Every name imported from a surfaced package anywhere in the portal's browser code must be
// provided by its federation surface, or the screen using it breaks at run time in the composed
// portal only (jest and the type checker see the whole package).
const ROOT = join(__dirname, '..', '..');
const PACKAGES = ['shared', 'host', 'mfe-auth', 'mfe-requirements', 'mfe-collaboration', 'mfe-applications', 'mfe-operations', 'mfe-admin'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const SURFACES: Record<string, { file: string; real: () => Record<string, unknown> }> = {
  '@chakra-ui/react': { file: 'chakra-surface.ts', real: () => require('@chakra-ui/react') },
  // The production build the alias points at.
  'react-router': { file: 'react-router-surface.ts', real: () => require(require.resolve('react-router').replace(/development([\\/]index\.js)$/, 'production$1')) },
};

function escape(text: string): string {
  return text.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
}

function importedNames(source: string, pkg: string): string[] {
  const names: string[] = [];
  // import { A, B as C } from 'pkg' and export { A } from 'pkg', either quote.
  const pattern = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]+)\\}\\s+from\\s+['"]${escape(pkg)}['"]`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const [name, ...rest] = part.trim().split(/\s+as\s+/);
      if (name && !name.startsWith('type ') && rest.length <= 1) names.push(name.trim());
    }
  }
  return names;
}

describe.each(Object.entries(SURFACES))('federation surface of %s', (pkg, { file, real }) => {
  const surface = surfaceNames(file);

  it('provides every export the portal imports', () => {
    const missing = PACKAGES.flatMap((dir) =>
      sourceFiles(join(ROOT, dir, 'src')).flatMap((path) =>
        importedNames(readFileSync(path, 'utf8'), pkg)
          .filter((name) => !surface.has(name))
          .map((name) => `${name} (${path.slice(ROOT.length + 1)})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('names only real exports of the package', () => {
    const exports = real();
    expect([...surface].filter((name) => !(name in exports))).toEqual([]);
  });
});

it('the portal imports surfaced packages by name only (no namespace imports the surface cannot check)', () => {
  const namespaces = PACKAGES.flatMap((dir) =>
    sourceFiles(join(ROOT, dir, 'src')).filter((path) =>
      Object.keys(SURFACES).some((pkg) => new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+['"]${escape(pkg)}['"]`).test(readFileSync(path, 'utf8'))),
    ),
  );
  expect(namespaces).toEqual([]);
});

it('the portal imports routing from react-router, whose surface is the one provided', () => {
  const dom = PACKAGES.flatMap((dir) =>
    sourceFiles(join(ROOT, dir, 'src')).filter((path) => /from 'react-router-dom'/.test(readFileSync(path, 'utf8'))),
  );
  expect(dom).toEqual([]);
});

it("the toaster's entry (chakra-toast.ts, loaded with the first snackbar) names real Chakra exports, none of them also surfaced", () => {
  const toast = surfaceNames('chakra-toast.ts');
  const chakra = require('@chakra-ui/react') as Record<string, unknown>;
  expect([...toast].filter((name) => !(name in chakra))).toEqual([]);
  // Also on the surface, they would be in the first load again.
  expect([...toast].filter((name) => surfaceNames('chakra-surface.ts').has(name))).toEqual([]);
});
