// @portal/shared/screens is bundled by each package that imports it (it is not a federation
// singleton, unlike the index): a module it reaches that holds state (the session, the API client,
// the bus, the history…) would exist once per package, and an ApiError of one copy would not be an
// ApiError of another. Its modules, followed through their relative imports, must reach none.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
const STATEFUL = ['api', 'bus', 'navigation', 'permissions', 'query', 'realtime', 'remote', 'session'];

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => {
    const target = path.resolve(path.dirname(file), match[1]);
    for (const candidate of [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {
        // the next form
      }
    }
    throw new Error(`${file}: cannot resolve ${match[1]}`);
  });
}

function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...relativeImports(file));
  }
  return seen;
}

it('reaches no stateful module of @portal/shared', () => {
  const modules = [...reached(path.join(SRC, 'screens.ts'))].map((file) => path.relative(SRC, file));
  expect(modules).toContain(path.join('ui', 'wizard', 'Wizard.tsx'));
  expect(modules.filter((file) => STATEFUL.includes(file.split(path.sep)[0]))).toEqual([]);
});

it('is not in the index, which the host loads whole', () => {
  const index = readFileSync(path.join(SRC, 'index.ts'), 'utf8');
  expect(index).not.toMatch(/from '\.\/ui\/(forms|tabs|plane|wizard)\//);
  expect(index).not.toMatch(/from '\.\/screens'/);
});
