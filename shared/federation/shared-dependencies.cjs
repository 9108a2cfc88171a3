// The one list of dependencies shared across the host and every remote (ARCHITECTURE.md,
// "Shared singletons"). Every webpack config builds its `shared` option from this file, so a
// library is either shared by all packages or by none.
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@chakra-ui/react',
  '@emotion/react',
  '@portal/shared',
];

// Deep imports (react/jsx-runtime, react-dom/client) must resolve to the same copy as the root.
const PREFIXES = ['react/', 'react-dom/'];

function installedVersion(name, fromDir) {
  if (name === '@portal/shared') return require('../package.json').version;
  const pkg = require.resolve(`${name}/package.json`, { paths: [fromDir, path.join(__dirname, '..')] });
  return require(pkg).version;
}

/**
 * Shared packages provided through a curated entry instead of the package's own: a shared package
 * is never tree-shaken, so its provider bundles only the exports the portal uses.
 */
const SURFACES = {
  '@chakra-ui/react': path.join(__dirname, 'chakra-surface.ts'),
  'react-router': path.join(__dirname, 'react-router-surface.ts'),
};

/** The directory of @chakra-ui/react's ES modules (dist/esm). */
function chakraEsmDir(fromDir) {
  return path.dirname(
    require.resolve('@chakra-ui/react', { paths: [fromDir, path.join(__dirname, '..')] })
      .replace(/dist[\\/]cjs[\\/]index\.cjs$/, path.join('dist', 'esm', 'index.js')),
  );
}

/**
 * Aliases the surfaces use to reach the real package without being consumed from the scope, and
 * the one chakra-recipe-slice.mjs uses to reach Chakra's recipe modules (not in its exports map).
 */
function surfaceAliases(fromDir) {
  const chakraEsm = path.join(chakraEsmDir(fromDir), 'index.js');
  const reactRouterProduction = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [fromDir, path.join(__dirname, '..')] })),
    'dist',
    'production',
    'index.mjs',
  );
  return {
    'chakra-ui-react-internal$': chakraEsm,
    'chakra-ui-react-recipes-internal': path.join(chakraEsmDir(fromDir), 'theme', 'recipes'),
    'react-router-internal$': reactRouterProduction,
  };
}

/** Chakra's two recipe tables, which build `defaultConfig` (theme/index.js imports both). */
const CHAKRA_RECIPE_TABLES = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](?:slot-)?recipes\.js$/;
const CHAKRA_RECIPE_SLICE = path.join(__dirname, 'chakra-recipe-slice.mjs');

/**
 * Replaces Chakra's recipe tables by chakra-recipe-slice.mjs: the recipes of the components the
 * Chakra surface provides, not of all ~90 (see that file). Both tables become the one slice module.
 */
class ChakraRecipeSlicePlugin {
  apply(compiler) {
    new compiler.webpack.NormalModuleReplacementPlugin(CHAKRA_RECIPE_TABLES, (resolved) => {
      const data = resolved.createData;
      if (!data || !data.resource) return; // before resolution the request is './recipes.js'
      data.resource = CHAKRA_RECIPE_SLICE;
      data.request = CHAKRA_RECIPE_SLICE;
      data.userRequest = CHAKRA_RECIPE_SLICE;
    }).apply(compiler);
  }
}

/** The `shared` option of ModuleFederationPlugin for the package in `fromDir`. */
function sharedDependencies(fromDir) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, fromDir);
    shared[name] = { singleton: true, strictVersion: true, version, requiredVersion: `^${version}` };
    if (SURFACES[name]) shared[name].import = SURFACES[name];
  }
  for (const prefix of PREFIXES) {
    const version = installedVersion(prefix.slice(0, -1), fromDir);
    shared[prefix] = { singleton: true, strictVersion: true, version, requiredVersion: `^${version}` };
  }
  return shared;
}

module.exports = {
  SINGLETONS,
  PREFIXES,
  SURFACES,
  CHAKRA_RECIPE_TABLES,
  CHAKRA_RECIPE_SLICE,
  ChakraRecipeSlicePlugin,
  chakraEsmDir,
  sharedDependencies,
  surfaceAliases,
};
