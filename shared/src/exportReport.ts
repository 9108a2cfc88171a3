// The export report of @portal/shared: the public surface of every entry point of package.json's
// `exports` (each exported name, its kind and the module that declares it) and the declarations
// behind them, printed without function bodies or comments. It is checked in (shared/exports.md)
// and compared by exportReport.test.ts, as the API's route table is, so a change to the contract
// shows in review as a change to that file. Read from the sources with swc's parser (TypeScript 7
// has no compiler API to ask).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, printSync } from '@swc/core';

export const SHARED_DIR = path.join(__dirname, '..');
export const REPORT_FILE = path.join(SHARED_DIR, 'exports.md');
export const REGENERATE = 'UPDATE_EXPORT_REPORT=1 npx jest --selectProjects shared shared/src/exportReport.test.ts';

type Kind = 'interface' | 'type' | 'function' | 'class' | 'const' | 'let' | 'enum' | 'namespace' | 'external';

interface Exported {
  name: string;
  kind: Kind;
  /** Relative to shared/, or the package name of an external re-export. */
  module: string;
  /** The local name in its module (differs when re-exported under another name). */
  local: string;
  typeOnly: boolean;
}

interface Span {
  start: number;
  end: number;
}

// The AST is walked generically: swc's node types are a large union, and only types, names and a
// few fields are read.
type Node = { type: string; span: Span; [key: string]: unknown };

interface ParsedModule {
  body: Node[];
}

const cache = new Map<string, ParsedModule>();

function parse(file: string): ParsedModule {
  const cached = cache.get(file);
  if (cached) return cached;
  const module = parseSync(readFileSync(file, 'utf8'), { syntax: 'typescript', tsx: file.endsWith('.tsx') }) as unknown as ParsedModule;
  cache.set(file, module);
  return module;
}

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // next candidate
    }
  }
  throw new Error(`${path.relative(SHARED_DIR, from)}: cannot resolve ${specifier}`);
}

const rel = (file: string) => path.relative(SHARED_DIR, file).split(path.sep).join('/');
const identName = (node: unknown): string => {
  const value = node as { value?: string; type?: string };
  return value.value ?? '';
};

function declarationKind(declaration: Node): { names: string[]; kind: Kind } {
  switch (declaration.type) {
    case 'TsInterfaceDeclaration':
      return { names: [identName(declaration.id)], kind: 'interface' };
    case 'TsTypeAliasDeclaration':
      return { names: [identName(declaration.id)], kind: 'type' };
    case 'FunctionDeclaration':
      return { names: [identName(declaration.identifier)], kind: 'function' };
    case 'ClassDeclaration':
      return { names: [identName(declaration.identifier)], kind: 'class' };
    case 'TsEnumDeclaration':
      return { names: [identName(declaration.id)], kind: 'enum' };
    case 'TsModuleDeclaration':
      return { names: [identName(declaration.id)], kind: 'namespace' };
    case 'VariableDeclaration': {
      const declarations = declaration.declarations as { id: unknown }[];
      return { names: declarations.map((d) => identName(d.id)), kind: declaration.kind === 'const' ? 'const' : 'let' };
    }
    default:
      throw new Error(`unexpected exported declaration ${declaration.type}`);
  }
}

/** What a module imports, by local name: for `export { name }` of an imported binding. */
function importsOf(module: ParsedModule): Map<string, { from: string; imported: string; typeOnly: boolean }> {
  const imports = new Map<string, { from: string; imported: string; typeOnly: boolean }>();
  for (const item of module.body) {
    if (item.type !== 'ImportDeclaration') continue;
    const from = (item.source as { value: string }).value;
    for (const specifier of item.specifiers as Node[]) {
      if (specifier.type !== 'ImportSpecifier') continue;
      const local = identName(specifier.local);
      const imported = specifier.imported ? identName(specifier.imported) : local;
      imports.set(local, { from, imported, typeOnly: Boolean(item.typeOnly) || Boolean(specifier.isTypeOnly) });
    }
  }
  return imports;
}

const exportsCache = new Map<string, Exported[]>();

/** Every name the module exports, followed through its re-exports to the declaring module. */
export function exportsOf(file: string): Exported[] {
  const cached = exportsCache.get(file);
  if (cached) return cached;
  const module = parse(file);
  const found: Exported[] = [];
  const imports = importsOf(module);
  const reexport = (from: string, imported: string, name: string, typeOnly: boolean) => {
    const target = resolveModule(file, from);
    if (!target) {
      found.push({ name, kind: 'external', module: from, local: imported, typeOnly });
      return;
    }
    const origin = exportsOf(target).find((candidate) => candidate.name === imported);
    if (!origin) throw new Error(`${rel(file)}: ${from} does not export ${imported}`);
    found.push({ ...origin, name, typeOnly: typeOnly || origin.typeOnly });
  };
  for (const item of module.body) {
    if (item.type === 'ExportDeclaration') {
      const { names, kind } = declarationKind(item.declaration as Node);
      for (const name of names) found.push({ name, kind, module: rel(file), local: name, typeOnly: kind === 'interface' || kind === 'type' });
    } else if (item.type === 'ExportAllDeclaration') {
      const target = resolveModule(file, (item.source as { value: string }).value);
      if (!target) throw new Error(`${rel(file)}: export * from a package`);
      found.push(...exportsOf(target).filter((entry) => entry.name !== 'default'));
    } else if (item.type === 'ExportNamedDeclaration') {
      const source = item.source as { value: string } | null;
      for (const specifier of item.specifiers as Node[]) {
        if (specifier.type !== 'ExportSpecifier') throw new Error(`${rel(file)}: unexpected ${specifier.type}`);
        const local = identName(specifier.orig);
        const name = specifier.exported ? identName(specifier.exported) : local;
        const typeOnly = Boolean(item.typeOnly) || Boolean(specifier.isTypeOnly);
        if (source) reexport(source.value, local, name, typeOnly);
        else {
          const imported = imports.get(local);
          if (imported) reexport(imported.from, imported.imported, name, typeOnly || imported.typeOnly);
          else found.push({ ...localDeclaration(file, module, local), name, typeOnly });
        }
      }
    } else if (item.type === 'ExportDefaultDeclaration' || item.type === 'ExportDefaultExpression') {
      found.push({ name: 'default', kind: 'const', module: rel(file), local: 'default', typeOnly: false });
    }
  }
  // Overloads declare a function more than once: one name.
  const unique = found.filter((entry, index) => found.findIndex((other) => other.name === entry.name && other.module === entry.module && other.local === entry.local) === index);
  exportsCache.set(file, unique);
  return unique;
}

/** A binding declared in the module without `export`, exported by an `export { name }` list. */
function localDeclaration(file: string, module: ParsedModule, local: string): Exported {
  for (const item of module.body) {
    const declaration = item.type === 'ExportDeclaration' ? (item.declaration as Node) : item;
    try {
      const { names, kind } = declarationKind(declaration);
      if (names.includes(local)) return { name: local, kind, module: rel(file), local, typeOnly: false };
    } catch {
      // not a declaration
    }
  }
  throw new Error(`${rel(file)}: exports ${local}, declared nowhere`);
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'Constructor', 'GetterProperty', 'SetterProperty', 'MethodProperty']);
const ELIDED = (span: Span): Node => ({ type: 'Identifier', span, ctxt: 0, value: '…', optional: false });

/** Empties every function body in place: a block becomes `{}`, an arrow's expression `…`. */
function withoutBodies(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(withoutBodies);
    return;
  }
  const record = node as Node;
  const fn = record.type === 'ClassMethod' || record.type === 'PrivateMethod' ? (record.function as Node) : FUNCTIONS.has(record.type) ? record : undefined;
  if (fn && fn.body && typeof fn.body === 'object') {
    const body = fn.body as Node;
    if (Array.isArray(body.stmts)) body.stmts = [];
    else fn.body = ELIDED(body.span);
  }
  for (const [key, value] of Object.entries(record)) if (key !== 'body' || !fn) withoutBodies(value);
}

/** A declaration as swc prints it: function bodies empty, comments left out. */
function declarationText(item: Node): string {
  const copy = structuredClone(item);
  withoutBodies(copy);
  return printSync({ type: 'Module', span: copy.span, body: [copy], interpreter: null } as unknown as Parameters<typeof printSync>[0]).code.trimEnd();
}

/** The declarations of the named locals in a module, in source order. */
function declarationsOf(file: string, locals: Set<string>): string[] {
  const module = parse(file);
  const texts: string[] = [];
  for (const item of module.body) {
    const declaration = item.type === 'ExportDeclaration' ? (item.declaration as Node) : item;
    let names: string[];
    try {
      names = declarationKind(declaration).names;
    } catch {
      continue;
    }
    if (names.some((name) => locals.has(name))) texts.push(declarationText(item));
  }
  return texts;
}

interface Entry {
  /** The import specifier: `@portal/shared`, `@portal/shared/server`, … */
  specifier: string;
  file: string;
}

/** The entry points of package.json's `exports` that are modules of ours (not the federation files). */
export function entryPoints(): Entry[] {
  const pkg = JSON.parse(readFileSync(path.join(SHARED_DIR, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
  return Object.entries(pkg.exports)
    .filter(([key, target]) => !key.includes('*') && /\.tsx?$/.test(target))
    .map(([key, target]) => ({ specifier: key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, file: path.join(SHARED_DIR, target) }));
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

export function renderExportReport(): string {
  const pkg = JSON.parse(readFileSync(path.join(SHARED_DIR, 'package.json'), 'utf8')) as { name: string; version: string };
  const lines: string[] = [
    `# Public surface of ${pkg.name} ${pkg.version}`,
    '',
    'Generated by `shared/src/exportReport.test.ts` from the entry points of `shared/package.json` (`exports`):',
    'every exported name with its kind and declaring module, then the declarations behind them as swc prints them',
    '(function bodies left out as `{}` or `…`, no comments). A change here is a change to the contract: see CHANGELOG.md for what',
    `bumps the major version. Regenerate with \`${REGENERATE}\`.`,
    '',
  ];
  const used = new Map<string, Set<string>>();
  for (const entry of entryPoints()) {
    const exported = [...exportsOf(entry.file)].sort((a, b) => a.name.localeCompare(b.name, 'en'));
    const names = exported.map((e) => e.name);
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate) throw new Error(`${entry.specifier} exports ${duplicate} twice`);
    lines.push(`## \`${entry.specifier}\` (${rel(entry.file)}): ${exported.length} names`, '', '| Name | Kind | Declared in |', '| --- | --- | --- |');
    for (const e of exported) {
      const kind = e.kind === 'external' ? 'external' : `${e.kind}${e.typeOnly && e.kind !== 'interface' && e.kind !== 'type' ? ' (type only)' : ''}`;
      const alias = e.local !== e.name ? ` as \`${e.local}\`` : '';
      lines.push(`| \`${e.name}\` | ${kind} | \`${escapeCell(e.module)}\`${alias} |`);
      if (e.kind !== 'external') {
        const locals = used.get(e.module) ?? new Set<string>();
        locals.add(e.local);
        used.set(e.module, locals);
      }
    }
    lines.push('');
  }
  lines.push('## Declarations', '');
  for (const module of [...used.keys()].sort()) {
    lines.push(`### ${module}`, '', '```ts', ...declarationsOf(path.join(SHARED_DIR, module), used.get(module)!).flatMap((text) => [text, '']));
    lines.pop();
    lines.push('```', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
