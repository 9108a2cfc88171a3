/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// The build step that writes the .br and .gz siblings the API and nginx send (precompress.cjs).
const { MIN_BYTES, PrecompressPlugin, precompressFile, precompressFiles } = require('./precompress.cjs') as {
  MIN_BYTES: number;
  PrecompressPlugin: new () => { apply(compiler: unknown): void };
  precompressFile: (file: string) => Promise<{ plain: number; br?: number; gz?: number } | undefined>;
  precompressFiles: (dir: string, names: string[]) => Promise<Record<string, { plain: number; br?: number; gz?: number }>>;
};

/** A script like the bundles: repetitive enough to compress, varied enough not to be trivial. */
function script(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `export const value${i} = { id: ${i}, label: "item ${i * 7}" };`).join('\n');
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressFile', () => {
  it('writes .br and .gz siblings that decompress to the file, smaller than it', async () => {
    const file = path.join(dir, 'chunk.0123abcd.js');
    const source = script(200);
    writeFileSync(file, source);

    const sizes = await precompressFile(file);

    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(source);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(source);
    expect(sizes).toEqual({
      plain: Buffer.byteLength(source),
      br: readFileSync(`${file}.br`).length,
      gz: readFileSync(`${file}.gz`).length,
    });
    expect(sizes!.br!).toBeLessThan(sizes!.gz!);
    expect(sizes!.gz!).toBeLessThan(sizes!.plain / 4);
  });

  it('compresses pages, manifests, styles and images as well as scripts', async () => {
    const names = ['index.html', 'mf-manifest.json', 'app.1a2b3c4d.css', 'icon.5e6f7a8b.svg', 'entry.mjs'];
    for (const name of names) writeFileSync(path.join(dir, name), script(100));
    await precompressFiles(dir, names);
    for (const name of names) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(true);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(true);
    }
  });

  it(`skips files under ${MIN_BYTES} bytes, source maps and license notes`, async () => {
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(path.join(dir, 'main.js.map'), script(200));
    writeFileSync(path.join(dir, 'vendor.0123abcd.js.LICENSE.txt'), script(200));
    const written = await precompressFiles(dir, ['remoteEntry.js', 'main.js.map', 'vendor.0123abcd.js.LICENSE.txt']);
    expect(written).toEqual({});
    for (const name of ['remoteEntry.js', 'main.js.map', 'vendor.0123abcd.js.LICENSE.txt']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });

  it('writes no sibling that would be larger than the file (incompressible bytes)', async () => {
    const file = path.join(dir, 'random.0123abcd.js');
    // Bytes with no redundancy: neither gzip nor Brotli can make them smaller.
    writeFileSync(file, randomBytes(4096));
    const sizes = await precompressFile(file);
    expect(sizes).toEqual({ plain: 4096 });
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});

describe('PrecompressPlugin', () => {
  it('leaves a production build with compressed siblings of its scripts and page, and the next build without the old ones', async () => {
    const webpack = require('webpack') as typeof import('webpack');
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    writeFileSync(path.join(dir, 'index.js'), `${script(150)}\nimport('./lazy.js').then((m) => console.log(m));`);
    writeFileSync(path.join(dir, 'lazy.js'), script(120).replaceAll('value', 'other'));
    const out = path.join(dir, 'dist');
    const build = async () => {
      const compiler = webpack({
        context: dir,
        mode: 'production',
        entry: { main: './index.js' },
        output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:8].js', clean: true },
        optimization: { minimize: false },
        plugins: [new HtmlWebpackPlugin({ title: 'x'.repeat(2000) }), new PrecompressPlugin()],
        stats: 'none',
      } as never);
      const stats = await new Promise<import('webpack').Stats>((resolve, reject) =>
        compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
      );
      await new Promise((resolve) => compiler.close(resolve));
      expect(stats.hasErrors()).toBe(false);
      const emitted = stats.toJson({ assets: true }).assets!.map((asset) => asset.name);
      return emitted.find((name) => /^[^.]+\.[0-9a-f]{8}\.js$/.test(name))!;
    };

    const lazy = await build();
    for (const name of ['main.js', lazy, 'index.html']) {
      const plain = readFileSync(path.join(out, name));
      expect(brotliDecompressSync(readFileSync(path.join(out, `${name}.br`)))).toEqual(plain);
      expect(gunzipSync(readFileSync(path.join(out, `${name}.gz`)))).toEqual(plain);
    }

    // The next build, with the lazy chunk changed: the old chunk's siblings go with it.
    writeFileSync(path.join(dir, 'lazy.js'), script(130).replaceAll('value', 'changed'));
    const next = await build();
    expect(next).not.toBe(lazy);
    expect(existsSync(path.join(out, `${lazy}.br`))).toBe(false);
    expect(existsSync(path.join(out, `${lazy}.gz`))).toBe(false);
    expect(brotliDecompressSync(readFileSync(path.join(out, `${next}.br`)))).toEqual(readFileSync(path.join(out, next)));
  }, 60_000);
});
