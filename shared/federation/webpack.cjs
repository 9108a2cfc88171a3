// One webpack configuration for the host and every remote: the packages differ only in name,
// port and what they expose. Transpiles with swc (TypeScript 7 has no loader), never shares
// eagerly (each entry starts with `import('./bootstrap')`).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./shared-dependencies.cjs');

const API_ORIGIN = process.env.PORTAL_API_ORIGIN || `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * @param {object} o
 * @param {string} o.dir        package directory (__dirname of the caller)
 * @param {string} o.name       federation name (a JS identifier, e.g. mfe_auth)
 * @param {number} o.port       dev-server port
 * @param {Record<string,string>} [o.exposes]  remotes only
 * @param {string} [o.title]    page title of the HTML shell (host, or a remote running standalone)
 */
function federatedConfig({ dir, name, port, exposes, title }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
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
        }),
        new HtmlWebpackPlugin({ title: title || name, template: path.join(__dirname, 'index.html') }),
      ],
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

module.exports = { federatedConfig };
