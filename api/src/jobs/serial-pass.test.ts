import { serialPass } from './serial-pass';

describe('a serial pass', () => {
  it('runs one pass at a time: a tick during a pass waits for it, then runs its own', async () => {
    const order: string[] = [];
    let release!: () => void;
    let calls = 0;
    const passes = serialPass(async () => {
      const call = (calls += 1);
      order.push(`start ${call}`);
      if (call === 1) await new Promise<void>((resolve) => (release = resolve));
      order.push(`end ${call}`);
      return call;
    });
    const first = passes.tick();
    const second = passes.tick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['start 1']);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it("a failed pass fails its own tick only; stop waits for the pass under way and ignores its failure", async () => {
    let fail = true;
    let release!: () => void;
    const passes = serialPass(async () => {
      if (fail) {
        fail = false;
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('database gone');
      }
      return 'ok';
    });
    const failing = passes.tick();
    const next = passes.tick();
    let stopped = false;
    const stopping = passes.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await expect(failing).rejects.toThrow('database gone');
    await stopping;
    expect(await next).toBe('ok');
  });
});
