// @backend-agnostic: streams only; no table is read or written.
// Inflating gzip uploads (inflate.ts): a bomb is counted and dropped at the cap without being
// held, what is within the cap is inflated exactly, and inflated uploads share one budget.
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { gunzipWithin, InflatedTooLarge, inflatedSize, InflationBudget, NotGzip } from './inflate';

const MiB = 1024 * 1024;

/** `size` zero bytes gzipped, made as a stream (the test never holds them inflated either). */
async function zeros(size: number): Promise<Buffer> {
  const block = Buffer.alloc(MiB);
  let left = size;
  const source = new Readable({
    read() {
      const length = Math.min(left, block.length);
      left -= length;
      this.push(length > 0 ? block.subarray(0, length) : null);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of source.pipe(createGzip({ level: 1 }))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The most `arrayBuffers` (Buffers' memory) grew above its start while `work` ran. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const start = process.memoryUsage().arrayBuffers;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 2);
  try {
    await work().catch(() => undefined);
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().arrayBuffers) - start;
}

describe('gunzipWithin', () => {
  it('inflates gzip within its cap into exactly its bytes, held in the budget until released', async () => {
    const text = Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', components: Array.from({ length: 5000 }, (_, i) => ({ name: `c${i}` })) }));
    const budget = new InflationBudget(10 * MiB);
    const inflated = await gunzipWithin(gzipSync(text), text.length, budget);
    expect(inflated.bytes.equals(text)).toBe(true);
    expect(budget.reserved).toBe(text.length);
    inflated.release();
    inflated.release();
    expect(budget.reserved).toBe(0);
    // Several gzip members are one upload, as zlib reads them.
    const twice = await gunzipWithin(Buffer.concat([gzipSync('ab'), gzipSync('cd')]), 4, budget);
    expect(twice.bytes.toString()).toBe('abcd');
  });

  it('refuses a bomb once the count passes the cap, never holding it nor waiting for the budget', async () => {
    const cap = 256 * MiB;
    const bomb = await zeros(cap + 64 * MiB);
    expect(bomb.length).toBeLessThan(2 * MiB);
    // The budget is all taken: a bomb does not wait for it, as it is refused before reserving.
    const budget = new InflationBudget(cap);
    const release = await budget.reserve(cap);
    let refused: unknown;
    const growth = await peakGrowth(async () => {
      refused = await gunzipWithin(bomb, cap, budget).catch((error: unknown) => error);
    });
    expect(refused).toBeInstanceOf(InflatedTooLarge);
    // Inflated to a buffer it would hold its cap (256 MiB) and more: counted, it holds a few chunks.
    expect(growth).toBeLessThan(cap / 4);
    release();
    expect(budget.reserved).toBe(0);
    await expect(inflatedSize(bomb, cap + 64 * MiB)).resolves.toBe(cap + 64 * MiB);
  }, 60_000);

  it('says why bytes that are not gzip cannot be inflated', async () => {
    await expect(gunzipWithin(Buffer.from([0x1f, 0x8b, 1, 2, 3]), MiB)).rejects.toBeInstanceOf(NotGzip);
    await expect(gunzipWithin(gzipSync('abc').subarray(0, 12), MiB)).rejects.toThrow(/unexpected end of file/);
  });
});

describe('InflationBudget', () => {
  it('lets what does not fit wait its turn, first come first served, and refuses what never could', async () => {
    const budget = new InflationBudget(100);
    const granted: string[] = [];
    const first = await budget.reserve(60);
    const large = budget.reserve(80).then((release) => (granted.push('large'), release));
    // Would fit beside the first, but the large one came earlier: it is not passed over.
    const small = budget.reserve(30).then((release) => (granted.push('small'), release));
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toEqual([]);
    first();
    const releaseLarge = await large;
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toEqual(['large']);
    expect(budget.reserved).toBe(80);
    releaseLarge();
    (await small)();
    expect(granted).toEqual(['large', 'small']);
    expect(budget.reserved).toBe(0);
    await expect(budget.reserve(101)).rejects.toThrow(RangeError);
  });
});
