// The API's own lint rules (an oxlint JS plugin; ARCHITECTURE.md "Layers and boundaries"):
//
//   api/layers  — imports between folders of api/src:
//     - the base layers (db/, http/, identity/, mail/, realtime/, authorization/) import no family;
//     - a family uses another family only through its service (`<family>/service.ts`, or its
//       `index.ts`), never its repository, routes or other internals;
//     - a route file (`routes.ts`, `*-routes.ts`) never imports a repository: it calls services.
//     app.ts, main.ts, cli.ts with cli/ (the composition roots and commands), demo/ (the demo seeder, which builds the
//     app) and testing/ (test support) compose the families and may import any of them.
//   api/no-family-cycle — the families' imports form no cycle (folder to folder, type imports
//     included): an import from a family to another of the same cycle is reported.
//   api/sql-in-repositories — SQL runs only in repositories (`repository.ts` or `<topic>.repository.ts`
//     in a family folder), db/ and the migrations: a `.query(...)`/`.exec(...)` whose text is
//     written in the file (a string or template literal) anywhere else is reported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BASE = new Set(['db', 'http', 'identity', 'mail', 'realtime', 'authorization']);
const COMPOSERS = new Set(['cli', 'demo', 'testing']);
const REPOSITORY = /(^|\.)repository\.ts$/;
const ROUTES = /(^|-)routes\.ts$/;
const FACE = /^(service|index)\.ts$/;

/** `{ src, folder, file }` of a file under api/src (folder '' for a top-level file), or null. */
function place(file) {
  const parts = file.split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 1 || parts[src - 1] !== 'api') return null;
  const inside = parts.slice(src + 1);
  return { src: parts.slice(0, src + 1).join(path.sep), folder: inside.length > 1 ? inside[0] : '', file: inside[inside.length - 1], inside };
}

const isTest = (where) => where.file.endsWith('.test.ts') || where.folder === 'testing';

function checkImport(context, node, specifier) {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
  const file = context.physicalFilename ?? context.filename;
  const from = place(file);
  if (!from || isTest(from) || from.folder === '' || COMPOSERS.has(from.folder)) return;
  const target = path.resolve(path.dirname(file), specifier);
  const to = place(target.endsWith('.ts') ? target : `${target}.ts`);
  if (!to || to.folder === '' || to.folder === from.folder) {
    // Within a family: a route file calls its service, never its repository.
    if (to && to.folder === from.folder && ROUTES.test(from.file) && REPOSITORY.test(to.file)) {
      context.report({ node, message: `${specifier}: a route file does not import a repository; call the family's service.` });
    }
    return;
  }
  if (to.folder === 'testing' || COMPOSERS.has(to.folder)) {
    context.report({ node, message: `${specifier}: ${from.folder}/ imports ${to.folder}/, which only tests and tools may use.` });
    return;
  }
  if (BASE.has(to.folder)) {
    if (ROUTES.test(from.file) && REPOSITORY.test(to.file)) {
      context.report({ node, message: `${specifier}: a route file does not import a repository; call the service.` });
    }
    return;
  }
  if (BASE.has(from.folder)) {
    context.report({ node, message: `${specifier}: ${from.folder}/ is a base layer and imports no family (${to.folder}/); take what it needs as a port that app.ts wires.` });
    return;
  }
  const below = to.inside.slice(1);
  if (!(below.length === 1 && FACE.test(below[0]))) {
    context.report({ node, message: `${specifier}: ${from.folder}/ reaches into ${to.folder}/'s internals; use what ${to.folder}/service.ts exports.` });
  }
}

const layers = {
  meta: { type: 'problem', docs: { description: 'Imports between the folders of api/src follow ARCHITECTURE.md.' } },
  create(context) {
    return {
      ImportDeclaration: (node) => checkImport(context, node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && checkImport(context, node, node.source.value),
      ExportAllDeclaration: (node) => checkImport(context, node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && checkImport(context, node, node.source.value),
    };
  },
};

/** Whether an argument is SQL written here: a string or template literal. */
const isLiteralText = (node) =>
  node && ((node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral');

const sqlInRepositories = {
  meta: { type: 'problem', docs: { description: 'SQL runs only in repositories, db/ and migrations.' } },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const where = place(file);
    if (!where || isTest(where) || where.folder === 'db' || REPOSITORY.test(where.file)) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const name = callee.property.name;
        if ((name === 'query' || name === 'exec') && isLiteralText(node.arguments[0])) {
          context.report({ node, message: `SQL outside a repository: move this statement to ${where.folder || 'the family'}/repository.ts (or a <topic>.repository.ts).` });
        }
      },
    };
  },
};

/** Folder → folders it imports (tests and test support left out), for the api/src at `src`. */
function familyGraph(src) {
  const edges = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testdata') walk(full);
        continue;
      }
      const from = place(full);
      if (!from || !entry.name.endsWith('.ts') || isTest(from) || from.folder === '' || COMPOSERS.has(from.folder)) continue;
      for (const match of readFileSync(full, 'utf8').matchAll(/(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/g)) {
        const to = place(`${path.resolve(path.dirname(full), match[1])}.ts`);
        if (!to || to.folder === '' || to.folder === from.folder || COMPOSERS.has(to.folder) || to.folder === 'testing') continue;
        if (!edges.has(from.folder)) edges.set(from.folder, new Set());
        edges.get(from.folder).add(to.folder);
      }
    }
  };
  walk(src);
  return edges;
}

/** Folder → the id of its strongly connected component (Tarjan), for folders in a cycle only. */
function cyclesOf(edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length < 2) return;
    const name = [...members].sort().join(', ');
    for (const each of members) component.set(each, name);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return component;
}

const cycleCache = new Map();

const noFamilyCycle = {
  meta: { type: 'problem', docs: { description: "The families of api/src import each other in no cycle." } },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = place(file);
    if (!from || isTest(from) || from.folder === '' || COMPOSERS.has(from.folder)) return {};
    if (!cycleCache.has(from.src)) cycleCache.set(from.src, cyclesOf(familyGraph(from.src)));
    const cycles = cycleCache.get(from.src);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = place(`${path.resolve(path.dirname(file), specifier)}.ts`);
      if (!to || to.folder === from.folder) return;
      const cycle = cycles.get(from.folder);
      if (cycle !== undefined && cycles.get(to.folder) === cycle) {
        context.report({ node, message: `${specifier}: ${from.folder}/ and ${to.folder}/ import each other through the cycle ${cycle}.` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

export default { meta: { name: 'api' }, rules: { layers, 'no-family-cycle': noFamilyCycle, 'sql-in-repositories': sqlInRepositories } };
