import { createChangeTracker, createReadCache } from './read-cache';

function setUp(ttlMs = 1000) {
  let clock = 0;
  const tracker = createChangeTracker();
  const cache = createReadCache<number>(tracker, { ttlMs, maxEntries: 2, now: () => clock });
  let loads = 0;
  const load = (value: number) => async () => {
    loads += 1;
    return value;
  };
  return { tracker, cache, load, loads: () => loads, advance: (ms: number) => (clock += ms) };
}

describe('read caches', () => {
  it('serve a value again until it expires', async () => {
    const { cache, load, loads, advance } = setUp();
    expect(await cache.read('a', load(1))).toBe(1);
    expect(await cache.read('a', load(2))).toBe(1);
    advance(1000);
    expect(await cache.read('a', load(3))).toBe(3);
    expect(loads()).toBe(2);
  });

  it('step aside while a change is in flight, and never serve what was read before it', async () => {
    const { tracker, cache, load } = setUp();
    await cache.read('a', load(1));
    tracker.begin();
    expect(await cache.read('a', load(2))).toBe(2);
    expect(await cache.read('a', load(3))).toBe(3);
    tracker.end();
    expect(await cache.read('a', load(4))).toBe(4);
    expect(await cache.read('a', load(5))).toBe(4);
    tracker.invalidate();
    expect(await cache.read('a', load(6))).toBe(6);
  });

  it('do not keep a value read while a change started or ended', async () => {
    const { tracker, cache } = setUp();
    await cache.read('a', async () => {
      tracker.begin();
      tracker.end();
      return 1;
    });
    expect(await cache.read('a', async () => 2)).toBe(2);
    await cache.read('b', async () => {
      tracker.begin();
      return 3;
    });
    tracker.end();
    expect(await cache.read('b', async () => 4)).toBe(4);
  });

  it('keep at most maxEntries values', async () => {
    const { cache, load } = setUp();
    await cache.read('a', load(1));
    await cache.read('b', load(2));
    expect(cache.size()).toBe(2);
    await cache.read('c', load(3));
    expect(cache.size()).toBe(1);
  });

  it('share one load among callers that miss while it runs, unless a change came between', async () => {
    const { tracker, cache, loads } = setUp();
    let release!: (value: number) => void;
    let count = 0;
    const slow = () => {
      count += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const first = cache.read('a', slow);
    const second = cache.read('a', slow);
    expect(count).toBe(1);
    release(1);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(loads()).toBe(0);

    tracker.invalidate();
    const before = cache.read('a', slow);
    const releaseBefore = release;
    tracker.begin();
    tracker.end();
    const after = cache.read('a', slow);
    expect(count).toBe(3);
    releaseBefore(2);
    release(3);
    expect(await before).toBe(2);
    expect(await after).toBe(3);
  });

  it('let a failed load fail its sharers and be tried again', async () => {
    const { cache, load } = setUp();
    let reject!: (error: Error) => void;
    const failing = () => new Promise<number>((_, no) => (reject = no));
    const first = cache.read('a', failing);
    const second = cache.read('a', failing);
    reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');
    expect(await cache.read('a', load(7))).toBe(7);
  });
});
