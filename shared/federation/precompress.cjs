// Brotli (.br) and gzip (.gz) siblings of the built assets, written once at build time so that the
// API (@fastify/static `preCompressed`) and nginx (`gzip_static`) send compressed bytes without
// compressing on every request. Node's zlib only: no dependency.
const { readFile, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a browser fetches and compresses well (source maps and license notes are never fetched). */
const COMPRESSIBLE = /\.(m?js|css|html|json|svg|wasm)$/i;
/** Below this, the bytes saved do not pay for a compressed response's overhead. */
const MIN_BYTES = 1024;

/** @param {string} name */
function isCompressible(name) {
  return COMPRESSIBLE.test(name);
}

/**
 * Writes `<file>.br` and `<file>.gz` next to `file` when it is compressible, at least `minBytes`
 * long, and each compressed form is smaller than the file (a sibling that saves nothing is not
 * written). Returns the sizes, or undefined when the file was skipped.
 * @param {string} file
 * @param {{ minBytes?: number }} [options]
 * @returns {Promise<{ plain: number, br?: number, gz?: number } | undefined>}
 */
async function precompressFile(file, { minBytes = MIN_BYTES } = {}) {
  if (!isCompressible(file)) return undefined;
  const plain = await readFile(file);
  if (plain.length < minBytes) return undefined;
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: /\.wasm$/i.test(file)
          ? zlib.constants.BROTLI_MODE_GENERIC
          : zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { plain: plain.length };
  if (br.length < plain.length) {
    await writeFile(`${file}.br`, br);
    sizes.br = br.length;
  }
  if (gz.length < plain.length) {
    await writeFile(`${file}.gz`, gz);
    sizes.gz = gz.length;
  }
  return sizes;
}

/**
 * Precompresses the named files of `dir`, two at a time (the build machine has other builds
 * running). Returns the sizes of the files compressed, by name.
 * @param {string} dir
 * @param {readonly string[]} names relative to `dir`
 * @param {{ minBytes?: number }} [options]
 */
async function precompressFiles(dir, names, options) {
  const queue = names.filter(isCompressible);
  /** @type {Record<string, { plain: number, br?: number, gz?: number }>} */
  const written = {};
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const sizes = await precompressFile(path.join(dir, name), options);
      if (sizes) written[name] = sizes;
    }
  };
  await Promise.all([worker(), worker()]);
  return written;
}

/**
 * After webpack has written a production build, precompresses every asset it emitted (the HTML
 * page and mf-manifest.json included). `output.clean` removes the siblings of an earlier build,
 * as they are not assets of the next one.
 */
class PrecompressPlugin {
  /** @param {{ minBytes?: number }} [options] */
  constructor(options = {}) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const names = compilation.getAssets().map((asset) => asset.name);
      await precompressFiles(compilation.outputOptions.path, names, this.options);
    });
  }
}

module.exports = { MIN_BYTES, PrecompressPlugin, isCompressible, precompressFile, precompressFiles };
