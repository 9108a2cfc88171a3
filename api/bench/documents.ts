// A 200 MB file into the evidence library (issue 23 "Benchmarks"): the API listening on a port,
// the file streamed to it over HTTP as multipart (the client generates its bytes as it sends, so
// it holds one chunk at a time), the server streaming it to DATA_DIR/files while hashing and
// checking it. Prints the time and the process's RSS growth (goal ≤ 64 MB), sampled every 20 ms
// during the upload. `tsx api/bench/documents.ts` (BENCH_DOCUMENT_MB to change the size).
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../src/app';
import { createOrganizationCommand, createProcessCommand } from '../src/cli/users';
import { manualClock } from '../src/identity/clock';
import { limitHeapGrowth } from '../src/memory';
import { createTestUser, likeTheApiClient } from '../src/testing/identity';
import { authenticate } from '../src/testing/users';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_DOCUMENT_MB ?? 200) * MB;
const CHUNK = 1 * MB;
const BOUNDARY = '----portal-bench-documents';

/** The multipart body of one text file of `size` bytes, made chunk by chunk as it is read. */
function multipartStream(name: string, size: number): { stream: Readable; length: number } {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const line = Buffer.from('evidence line of the benchmark upload, 0123456789 abcdefghijklmnopqrstuvwxyz\n');
  const chunk = Buffer.alloc(CHUNK);
  for (let at = 0; at < CHUNK; at += line.length) line.copy(chunk, at, 0, Math.min(line.length, CHUNK - at));
  async function* parts() {
    yield head;
    for (let sent = 0; sent < size; sent += CHUNK) yield sent + CHUNK <= size ? chunk : chunk.subarray(0, size - sent);
    yield tail;
  }
  return { stream: Readable.from(parts(), { objectMode: false }), length: head.length + size + tail.length };
}

async function main(): Promise<void> {
  limitHeapGrowth(); // as the server's entry point does
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-documents-'));
  const clock = manualClock(new Date());
  const tag = String(Date.now());
  const app = likeTheApiClient(
    await buildApp({
      config: { port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl: process.env.DATABASE_URL, serveStatic: false, staticDir: dir, logLevel: 'silent', documentMaxBytes: SIZE + MB },
    }),
  );
  try {
    const organization = `Bench${tag}`;
    await createOrganizationCommand(app.database, ['--name', organization]);
    await createProcessCommand(app.database, ['--org', organization, '--code', 'bench', '--name', 'Bench']);
    await createTestUser(app, `bench_docs${tag}`, clock.now, '--org', organization, '--role', 'ORG_ADMIN');
    const cookie = await authenticate(app, `bench_docs${tag}`, clock.now);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const body = multipartStream('bench-200mb.txt', SIZE);
    const status = await new Promise<number>((resolve, reject) => {
      const sending = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/documents?graph=bench',
          headers: {
            cookie: `${cookie.name}=${cookie.value}`,
            'x-requested-with': 'XMLHttpRequest',
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': body.length,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      sending.on('error', reject);
      body.stream.pipe(sending);
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (status !== 201) throw new Error(`upload answered ${status}`);
    console.log(
      `documents: ${SIZE / MB} MB upload streamed to disk in ${seconds.toFixed(2)} s (${(SIZE / MB / seconds).toFixed(0)} MB/s); ` +
        `RSS ${(before / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB: growth ${((peak - before) / MB).toFixed(1)} MB (goal ≤ 64 MB)`,
    );
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
