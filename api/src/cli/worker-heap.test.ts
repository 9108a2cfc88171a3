// A worker process's heap is bounded (WORKER_MAX_HEAP_MB): `npm run portal -- worker` starts node
// with that limit, and the worker says which limit it got — or that it got none of its own, when
// started another way. The launch is run for real (scripts/portal.mjs), on the embedded database,
// where the worker refuses to run once it has said so.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../config';
import { DEFAULT_WORKER_MAX_HEAP_MB, EMBEDDED_REFUSAL, heapLines } from './worker';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-worker-heap-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `npm run portal -- worker` as a person runs it (no DATABASE_URL: it refuses after its first lines). */
function portalWorker(heapMb: string | undefined): Promise<{ code: number; stdout: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: path.join(dir, 'data') };
  if (heapMb !== undefined) env.WORKER_MAX_HEAP_MB = heapMb;
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/portal.mjs', 'cli', 'worker'], { cwd: REPOSITORY_ROOT, env }, (error, stdout) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout });
    });
  });
}

const limitOf = (stdout: string) => Number(/worker: heap limit (\d+) MB/.exec(stdout)?.[1]);

test('npm run portal -- worker starts node with the heap limit of WORKER_MAX_HEAP_MB, its default 768 MB', async () => {
  const small = await portalWorker('300');
  expect(small.code).toBe(2);
  expect(small.stdout).toContain('(WORKER_MAX_HEAP_MB=300)');
  expect(small.stdout).toContain(EMBEDDED_REFUSAL);
  // The old space's 300 MB and the young generation's few tens beside it.
  expect(limitOf(small.stdout)).toBeGreaterThanOrEqual(300);
  expect(limitOf(small.stdout)).toBeLessThanOrEqual(300 + 128);
  expect(small.stdout).not.toContain('started without');

  const byDefault = await portalWorker(undefined);
  expect(byDefault.stdout).toContain(`(WORKER_MAX_HEAP_MB=${DEFAULT_WORKER_MAX_HEAP_MB})`);
  expect(limitOf(byDefault.stdout)).toBeLessThanOrEqual(DEFAULT_WORKER_MAX_HEAP_MB + 128);

  const refused = await portalWorker('lots');
  expect(refused.code).toBe(2);
  expect(refused.stdout).toContain("WORKER_MAX_HEAP_MB must be a whole number of megabytes (0: no limit of its own), not 'lots'");
}, 60_000);

test('a worker started without the limit says so, and how to apply it', () => {
  const gib = 1024 * 1024 * 1024;
  expect(heapLines(768, 0.8 * gib)).toEqual(['worker: heap limit 819 MB (WORKER_MAX_HEAP_MB=768)']);
  expect(heapLines(768, 4 * gib)).toEqual([
    'worker: heap limit 4096 MB (WORKER_MAX_HEAP_MB=768)',
    'worker: started without the heap limit of WORKER_MAX_HEAP_MB: start it with `npm run portal -- worker`, or node --max-old-space-size=768 (NODE_OPTIONS)',
  ]);
  expect(heapLines(0, 4 * gib)).toEqual(["worker: heap limit 4096 MB (WORKER_MAX_HEAP_MB=0: node's own)"]);
});
