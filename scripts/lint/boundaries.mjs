// The portal's own lint rules (an oxlint JS plugin): the layers of ARCHITECTURE.md, checked on every
// relative import, re-export and dynamic import of the browser packages.
//
//   - no import across packages: a remote or the host reaches another package only through
//     `@portal/shared` (relative paths that leave the package, or bare `mfe-*`/`host` names, fail);
//   - no upward import: entry (index.ts, bootstrap, expose/, standalone/) → app/ → features/ →
//     components/, lib/, hooks/, types/, testing/ — never back up;
//   - a feature uses another feature only through its public face (`features/<name>` or its
//     `index.ts`), never its internals (`features/<name>/api/...`).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const ENTRY = 4;
const APP = 3;
const FEATURE = 2;
const BASE = 1;
const LAYER_NAMES = { [ENTRY]: 'the entry (expose/standalone/index)', [APP]: 'app/', [FEATURE]: 'features/', [BASE]: 'components/lib' };
const REMOTE_PACKAGE = /^(host|mfe-[a-z-]+)$/;

/** `{ pkg, top, feature, rest }` of a file under `<repo>/<pkg>/src/`, or null elsewhere. */
function place(file) {
  const parts = file.split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 1) return null;
  const pkg = parts[src - 1];
  if (!REMOTE_PACKAGE.test(pkg)) return null;
  const inside = parts.slice(src + 1);
  const top = inside.length > 1 ? inside[0] : '';
  return { pkg, root: parts.slice(0, src + 1).join(path.sep), top, feature: top === 'features' ? inside[1] : undefined, inside };
}

function layerOf(where) {
  if (where.top === '' || where.top === 'expose' || where.top === 'standalone') return ENTRY;
  if (where.top === 'app') return APP;
  if (where.top === 'features') return FEATURE;
  return BASE;
}

/** Whether `where` is a feature's public face: the feature folder itself or its index file. */
function isPublicFace(where) {
  const below = where.inside.slice(2);
  return below.length === 0 || (below.length === 1 && /^index\.tsx?$/.test(below[0]));
}

/** The file an extension-less import names: `x.ts`, `x.tsx`, `x/index.ts`, … or `x` itself. */
function resolveFile(target) {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return target;
}

function check(context, node, specifier) {
  if (typeof specifier !== 'string') return;
  const from = place(context.physicalFilename ?? context.filename);
  if (!from) return;
  if (/^(host|mfe-[a-z-]+)(\/|$)/.test(specifier)) {
    context.report({ node, message: `${from.pkg} imports the package ${specifier}: packages meet only through @portal/shared (ARCHITECTURE.md).` });
    return;
  }
  if (!specifier.startsWith('.')) return;
  const target = path.resolve(path.dirname(context.physicalFilename ?? context.filename), specifier);
  const to = place(resolveFile(target));
  if (!target.startsWith(from.root + path.sep)) {
    // Data beside the packages (docs/release-notes.json) may be read; another package may not.
    const repo = path.dirname(path.dirname(from.root));
    const other = path.relative(repo, target).split(path.sep)[0];
    if (REMOTE_PACKAGE.test(other) || other === 'shared' || other === 'api') {
      context.report({ node, message: `${specifier} reaches into ${other}/: packages meet only through @portal/shared (ARCHITECTURE.md).` });
    }
    return;
  }
  if (!to) return;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (toLayer > fromLayer) {
    context.report({ node, message: `${specifier}: ${LAYER_NAMES[fromLayer]} must not import from ${LAYER_NAMES[toLayer]} (imports go entry → app → features → components/lib, never back up).` });
    return;
  }
  if (fromLayer === FEATURE && toLayer === FEATURE && from.feature !== to.feature && !isPublicFace(to)) {
    context.report({ node, message: `${specifier}: feature ${from.feature} reaches into feature ${to.feature}'s internals; import what it exports from features/${to.feature} (its index.ts).` });
  }
}

const layers = {
  meta: { type: 'problem', docs: { description: 'Imports follow the layers and package boundaries of ARCHITECTURE.md.' } },
  create(context) {
    return {
      ImportDeclaration: (node) => check(context, node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
      ExportAllDeclaration: (node) => check(context, node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(context, node, node.source.value),
      CallExpression: (node) => {
        // jest.mock('../x') names a module the same way an import does.
        if (node.callee.type === 'MemberExpression' && node.callee.object.name === 'jest' && node.arguments[0]?.type === 'Literal') {
          check(context, node, node.arguments[0].value);
        }
      },
    };
  },
};

export default { meta: { name: 'portal' }, rules: { layers } };
