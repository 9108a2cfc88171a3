import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as theme from '@chakra-ui/react/theme';
import { surfaceNames } from './surfaceNames';

// The composed portal builds Chakra's `defaultConfig` with chakra-recipe-slice.mjs in place of
// Chakra's recipe tables (ChakraRecipeSlicePlugin). A component whose recipe is missing renders
// unstyled in the composed portal only, so the slice must hold exactly the recipes the surfaced
// components read: found here by walking Chakra's own sources from each surfaced export.

const federation = require('./shared-dependencies.cjs') as {
  CHAKRA_RECIPE_TABLES: RegExp;
  CHAKRA_RECIPE_SLICE: string;
  chakraEsmDir: (fromDir: string) => string;
};

const ESM = federation.chakraEsmDir(join(__dirname, '..'));
const COMPONENTS = join(ESM, 'components');
const INDEX = readFileSync(join(ESM, 'index.js'), 'utf8');
const RECIPES = theme.recipes as Record<string, unknown>;
const SLOT_RECIPES = theme.slotRecipes as Record<string, unknown>;
const NAMED = theme as unknown as Record<string, unknown>;

/** The module of Chakra's index that provides `name`: a path relative to dist/esm, or a package. */
function moduleOf(name: string): string | undefined {
  for (const [, list, from] of INDEX.matchAll(/export\s*\{([^}]*)\}\s*(?:from\s*'([^']+)')?/g)) {
    for (const part of list.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      if (exported !== name) continue;
      if (from) return from;
      // `export { namespace$i as Dialog }` after `import * as namespace$i from '…'`
      return new RegExp(`import \\* as ${local.replace(/\$/g, '\\$')} from '([^']+)'`).exec(INDEX)?.[1];
    }
  }
  return undefined;
}

/** Every recipe key read by the component modules reachable from `file` (components/ only). */
function recipeKeys(file: string, seen = new Set<string>(), keys = new Set<string>()): Set<string> {
  if (seen.has(file) || !file.startsWith(COMPONENTS)) return keys;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, key] of source.matchAll(/\bkey: ["']([A-Za-z]+)["']/g)) {
    if (key in RECIPES || key in SLOT_RECIPES) keys.add(key);
  }
  for (const [, request] of source.matchAll(/(?:from|import)\s*'(\.{1,2}\/[^']+)'/g)) {
    recipeKeys(resolve(dirname(file), request), seen, keys);
  }
  return keys;
}

function needed(): { recipes: string[]; slotRecipes: string[] } {
  const keys = new Set<string>();
  const seen = new Set<string>();
  for (const name of [...surfaceNames('chakra-surface.ts'), ...surfaceNames('chakra-toast.ts')]) {
    const from = moduleOf(name);
    if (from === undefined) throw new Error(`${name} is not an export of Chakra's index`);
    if (from.startsWith('./')) recipeKeys(join(ESM, from), seen, keys);
  }
  return {
    recipes: [...keys].filter((key) => key in RECIPES).sort(),
    slotRecipes: [...keys].filter((key) => key in SLOT_RECIPES).sort(),
  };
}

const SLICE = readFileSync(federation.CHAKRA_RECIPE_SLICE, 'utf8');
const IMPORTS = new Map(
  [...SLICE.matchAll(/import \{ (\w+) \} from 'chakra-ui-react-recipes-internal\/([\w-]+\.js)';/g)].map(
    ([, name, file]) => [name, file] as const,
  ),
);

function table(name: 'recipes' | 'slotRecipes'): [string, string][] {
  const body = new RegExp(`export const ${name} = \\{([^}]*)\\}`).exec(SLICE)?.[1] ?? '';
  return [...body.matchAll(/(\w+): (\w+)/g)].map(([, key, value]) => [key, value]);
}

describe('the Chakra recipe slice', () => {
  it('holds exactly the recipes the surfaced components read', () => {
    const wanted = needed();
    expect(wanted.recipes).toContain('button');
    expect(wanted.recipes).toContain('spinner'); // Button's loading state renders a Spinner
    expect(table('recipes').map(([key]) => key).sort()).toEqual(wanted.recipes);
    expect(table('slotRecipes').map(([key]) => key).sort()).toEqual(wanted.slotRecipes);
  });

  it.each([
    ['recipes', RECIPES],
    ['slotRecipes', SLOT_RECIPES],
  ] as const)('keeps Chakra\'s own %s under their keys, imported from the module that defines them', (name, real) => {
    for (const [key, value] of table(name)) {
      const file = IMPORTS.get(value);
      expect([key, file]).toEqual([key, expect.any(String)]);
      expect([key, NAMED[value] === real[key]]).toEqual([key, true]);
      const source = readFileSync(join(ESM, 'theme', 'recipes', file!), 'utf8');
      expect([key, new RegExp(`export \\{ ${value} \\}`).test(source)]).toEqual([key, true]);
    }
    expect(table('recipes').length + table('slotRecipes').length).toBe(IMPORTS.size);
  });

  it('replaces the two tables Chakra builds defaultConfig from, and only those', () => {
    const tables = ['recipes.js', 'slot-recipes.js'].map((file) => realpathSync(join(ESM, 'theme', file)));
    for (const file of tables) expect(federation.CHAKRA_RECIPE_TABLES.test(file)).toBe(true);
    expect(federation.CHAKRA_RECIPE_TABLES.test(realpathSync(join(ESM, 'theme', 'index.js')))).toBe(false);
    expect(federation.CHAKRA_RECIPE_TABLES.test(realpathSync(join(ESM, 'theme', 'recipes', 'button.js')))).toBe(false);

    // Their one importer reads only the names the slice exports.
    const importers = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return importers(path);
        return name.endsWith('.js') && /from '\.\/(?:slot-)?recipes\.js'/.test(readFileSync(path, 'utf8')) ? [path] : [];
      });
    expect(importers(ESM)).toEqual([join(ESM, 'theme', 'index.js')]);
    const index = readFileSync(join(ESM, 'theme', 'index.js'), 'utf8');
    expect(index).toMatch(/import \{ recipes \} from '\.\/recipes\.js';/);
    expect(index).toMatch(/import \{ slotRecipes \} from '\.\/slot-recipes\.js';/);
    expect(existsSync(federation.CHAKRA_RECIPE_SLICE)).toBe(true);
  });
});
