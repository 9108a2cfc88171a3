// The lint rules of `npm run lint`, tried on a small tree (remotes, an API) that breaks each rule once:
// every broken rule must be reported at its line, and the lawful imports beside them must not.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const OXLINT = path.join(REPO, 'node_modules/.bin/oxlint');

interface Diagnostic {
  code: string;
  message: string;
  filename: string;
}

let tree: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), text);
}

/** oxlint with one of the repository's configurations over a folder of the tree. */
function lint(config = '.oxlintrc.json', folder = '.'): Diagnostic[] {
  let output: string;
  try {
    output = execFileSync(OXLINT, ['-c', path.join(REPO, config), '--format', 'json', folder], { cwd: tree, encoding: 'utf8' });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: Diagnostic[] };
  return report.diagnostics.map((diagnostic) => ({ ...diagnostic, filename: diagnostic.filename.split(path.sep).join('/') }));
}

function reported(diagnostics: Diagnostic[], file: string): string[] {
  return diagnostics.filter((diagnostic) => diagnostic.filename.endsWith(file)).map((diagnostic) => diagnostic.code).sort();
}

beforeAll(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'portal-lint-'));
  // Lawful: the entry → app → features → lib, a feature's public face, shared data beside the packages.
  write('docs/notes.json', '{}\n');
  write('mfe-one/src/lib/format.ts', 'export const format = (value: string): string => value.trim();\n');
  write('mfe-one/src/features/alpha/api/alpha.ts', "import { format } from '../../../lib/format';\nexport const alpha = (): string => format(' a ');\n");
  write('mfe-one/src/features/alpha/index.ts', "export { alpha } from './api/alpha';\n");
  write('mfe-one/src/features/beta/components/Beta.ts', "import { alpha } from '../../alpha';\nimport notes from '../../../../../docs/notes.json';\nexport const beta = (): string => alpha() + String(notes);\n");
  write('mfe-one/src/app/routes.ts', "import { beta } from '../features/beta/components/Beta';\nexport const routes = [beta];\n");
  write('mfe-one/src/expose/app.ts', "import { routes } from '../app/routes';\nexport const app = routes;\n");
  // Broken, one rule per file.
  write('mfe-one/src/features/gamma/internals.ts', "import { alpha } from '../alpha/api/alpha';\nexport const gamma = alpha;\n");
  write('mfe-one/src/lib/upward.ts', "import { routes } from '../app/routes';\nexport const upward = routes;\n");
  write('mfe-one/src/features/delta/delta.ts', "import { app } from '../../expose/app';\nexport const delta = app;\n");
  write('mfe-one/src/lib/across.ts', "import { other } from '../../../mfe-two/src/lib/other';\nexport const across = other;\n");
  write('mfe-one/src/lib/bare.ts', "import { other } from 'mfe-two/src/lib/other';\nexport const bare = other;\n");
  write('mfe-two/src/lib/other.ts', 'export const other = 2;\n');
  write('mfe-one/src/lib/cycleA.ts', "import { b } from './cycleB';\nexport const a = (): number => b() + 1;\n");
  write('mfe-one/src/lib/cycleB.ts', "import { a } from './cycleA';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n");
  write('mfe-one/src/lib/calls.ts', "export const load = (): Promise<Response> => fetch('/api/users');\nexport const send = (): XMLHttpRequest => new XMLHttpRequest();\n");
  write('mfe-one/src/lib/hooks.ts', [
    "import { useEffect, useState } from 'react';",
    'export function useLater(flag: boolean, value: number): number {',
    '  if (flag) useState(0);',
    '  const [shown, setShown] = useState(0);',
    '  useEffect(() => { setTimeout(() => setShown(value), 1); }, []);',
    '  return shown;',
    '}',
    '',
  ].join('\n'));

  // The API: families (alpha, gamma, delta, …) and the base layer http/.
  write('api/src/alpha/repository.ts', "export const rows = (db: { query(sql: string): unknown }) => db.query('SELECT 1');\n");
  write('api/src/alpha/service.ts', "import { rows } from './repository';\nexport const alphaRows = rows;\n");
  write('api/src/alpha/routes.ts', "import { alphaRows } from './service';\nexport const alphaRoute = alphaRows;\n");
  write('api/src/gamma/routes.ts', "import { gammaRows } from './repository';\nexport const gammaRoute = gammaRows;\n");
  write('api/src/gamma/repository.ts', 'export const gammaRows = 3;\n');
  write('api/src/delta/service.ts', "import { rows } from '../alpha/repository';\nexport const deltaRows = rows;\n");
  write('api/src/http/helper.ts', "import { alphaRows } from '../alpha/service';\nexport const helper = alphaRows;\n");
  write('api/src/epsilon/service.ts', "export const count = (db: { query(sql: string): unknown }) => db.query(`SELECT count(*) FROM epsilon`);\n");
  write('api/src/zeta/service.ts', "import { eta } from '../eta/service';\nexport const zeta = (): number => eta() + 1;\n");
  write('api/src/eta/service.ts', "import { zeta } from '../zeta/service';\nexport const eta = (): number => (Math.random() > 2 ? zeta() : 0);\n");
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the lint of the API', () => {
  let diagnostics: Diagnostic[];
  beforeAll(() => {
    diagnostics = lint('api/.oxlintrc.json', 'api');
  });

  it('lets route → service → repository through, and SQL in a repository', () => {
    for (const file of ['alpha/repository.ts', 'alpha/service.ts', 'alpha/routes.ts', 'gamma/repository.ts']) {
      expect({ file, codes: reported(diagnostics, `api/src/${file}`) }).toEqual({ file, codes: [] });
    }
  });

  it('refuses a route file importing its repository', () => {
    expect(reported(diagnostics, 'api/src/gamma/routes.ts')).toEqual(['api(layers)']);
  });

  it("refuses a family reaching into another family's repository", () => {
    expect(reported(diagnostics, 'api/src/delta/service.ts')).toEqual(['api(layers)']);
  });

  it('refuses a base layer importing a family', () => {
    expect(reported(diagnostics, 'api/src/http/helper.ts')).toEqual(['api(layers)']);
  });

  it('refuses SQL outside a repository', () => {
    expect(reported(diagnostics, 'api/src/epsilon/service.ts')).toEqual(['api(sql-in-repositories)']);
  });

  it('refuses families that import each other', () => {
    expect(reported(diagnostics, 'api/src/zeta/service.ts')).toContain('api(no-family-cycle)');
  });
});

describe('the lint of the browser packages', () => {
  let diagnostics: Diagnostic[];
  beforeAll(() => {
    diagnostics = lint('.oxlintrc.json', 'mfe-one');
  });

  it('lets lawful imports through: downwards, a feature through its index, data beside the packages', () => {
    for (const file of ['lib/format.ts', 'features/alpha/api/alpha.ts', 'features/alpha/index.ts', 'features/beta/components/Beta.ts', 'app/routes.ts', 'expose/app.ts']) {
      expect({ file, codes: reported(diagnostics, `mfe-one/src/${file}`) }).toEqual({ file, codes: [] });
    }
  });

  it("refuses a feature reaching into another feature's internals", () => {
    expect(reported(diagnostics, 'features/gamma/internals.ts')).toEqual(['portal(layers)']);
    expect(diagnostics.find((diagnostic) => diagnostic.filename.endsWith('gamma/internals.ts'))?.message).toMatch(/feature gamma reaches into feature alpha's internals/);
  });

  it('refuses upward imports: lib → app, features → expose', () => {
    expect(reported(diagnostics, 'lib/upward.ts')).toEqual(['portal(layers)']);
    expect(reported(diagnostics, 'features/delta/delta.ts')).toEqual(['portal(layers)']);
  });

  it('refuses imports across remotes, by path or by name', () => {
    expect(reported(diagnostics, 'lib/across.ts')).toEqual(['portal(layers)']);
    expect(reported(diagnostics, 'lib/bare.ts')).toEqual(['portal(layers)']);
  });

  it('refuses import cycles', () => {
    expect(reported(diagnostics, 'lib/cycleA.ts')).toContain('import(no-cycle)');
  });

  it('refuses fetch and XMLHttpRequest outside the shared client', () => {
    expect(reported(diagnostics, 'lib/calls.ts')).toEqual(['eslint(no-restricted-globals)', 'eslint(no-restricted-globals)']);
  });

  it('holds the rules of hooks', () => {
    expect(reported(diagnostics, 'lib/hooks.ts')).toEqual(['react-hooks(exhaustive-deps)', 'react-hooks(rules-of-hooks)']);
  });
});
