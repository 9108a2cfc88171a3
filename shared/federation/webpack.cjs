// One webpack configuration for the host and every remote: the packages differ only in name,
// port and what they expose. Transpiles with swc (TypeScript 7 has no loader), never shares
// eagerly (each entry starts with `import('./bootstrap')`).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { ChakraRecipeSlicePlugin, sharedDependencies, surfaceAliases } = require('./shared-dependencies.cjs');
const { PrecompressPlugin } = require('./precompress.cjs');

/** The entry @portal/shared/screens and the modules it exports (see shared/src/screens.ts). */
const SCREENS_MODULES = /shared[\\/]src[\\/](screens\.ts$|ui[\\/](forms|tabs|plane|wizard|table|files)[\\/]|ui[\\/]feedback[\\/]ProgressBar\.tsx$)/;

const API_ORIGIN = process.env.PORTAL_API_ORIGIN || `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * @param {object} o
 * @param {string} o.dir        package directory (__dirname of the caller)
 * @param {string} o.name       federation name (a JS identifier, e.g. mfe_auth)
 * @param {number} o.port       dev-server port
 * @param {Record<string,string>} [o.exposes]  remotes only
 * @param {string} [o.title]    page title of the HTML shell (host, or a remote running standalone)
 * @param {string} [o.favicon]  an icon file copied beside the page and linked from it (the host's favicon.svg)
 */
function federatedConfig({ dir, name, port, exposes, title, favicon }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // The host lives at the origin's root (deep links like /applications/x must still find
        // its entry script); a remote's chunks are found relative to wherever its remoteEntry.js was loaded.
        publicPath: exposes ? 'auto' : '/',
        uniqueName: name,
        // A remote's remoteEntry.js keeps its name (the manifest points at it) and is revalidated;
        // the host's entry is named in index.html only, so it carries the build's hash (the
        // federation runtime takes no [contenthash] there) and is cached for good: a warm load no
        // longer waits for its revalidation before anything else.
        filename: production && !exposes ? '[name].[fullhash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: surfaceAliases(dir) },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/, // shared/federation/chakra-surface.ts is ours and is transpiled
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(png|svg|jpg|gif|woff2?)$/, type: 'asset/resource' },
          // @portal/shared/screens is bundled by each package that imports it (not shared): its
          // modules are pure, so a package takes only the parts it uses (a form's fields without
          // the Wizard and its validation).
          { test: SCREENS_MODULES, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes || {},
          remotes: {},
          shared: sharedDependencies(dir),
          manifest: true,
          dts: false,
          // Browser-only bundles: leaves the runtime's Node.js entry loading out (-1.7 KB gzip).
          experiments: { optimization: { target: 'web' } },
        }),
        // Only the recipes of the surfaced Chakra components (-17 KB gzip; chakra-recipe-slice.mjs).
        new ChakraRecipeSlicePlugin(),
        // The HTML page is the host's, or a remote's standalone page on its dev server's root.
        new HtmlWebpackPlugin({
          title: title || name,
          template: path.join(__dirname, 'index.html'),
          publicPath: '/',
          ...(favicon ? { favicon: path.join(dir, favicon) } : {}),
        }),
        // .br and .gz siblings of every script, page and manifest, served by the API and nginx as
        // they are (a first load moves the Brotli bytes; precompress.cjs).
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      // Readable chunk names: the e2e suite and the benchmark tell each shared package's file by name.
      optimization: {
        chunkIds: 'named',
        moduleIds: production ? 'deterministic' : 'named',
        // swc's minifier (webpack's own plugin, its terser swapped): a build in half the time, and
        // smaller (mfe-applications 43.8 → 20.1 s; its scripts 452.7 → 449.8 KB gzip).
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/remotes', '/remotes.json', '/events'], target: API_ORIGIN, ws: true, changeOrigin: false },
        ],
      },
    };
  };
}

/** The webpack configuration of a remote: its `./app` lifecycles, and `more` exposes if any. */
function remoteConfig(dir, { name, port, title, exposes: more = {} }) {
  return federatedConfig({ dir, name, port, title, exposes: { './app': './src/expose/app.tsx', ...more } });
}

module.exports = { federatedConfig, remoteConfig };
