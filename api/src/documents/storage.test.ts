// @backend-agnostic: the blob store on disk; no table is read or written.
// The blob store's temporary files: a refused upload leaves none (a size refusal comes at the first
// bytes, possibly before the file being written was opened), an accepted one until it is placed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ContentCheck } from './content';
import { createBlobStore } from './storage';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'blob-store-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const temporaryFiles = () => readdirSync(path.join(dataDir, 'files', 'tmp'));

it('leaves no temporary file when the size limit refuses the first bytes, before the file was opened', async () => {
  const store = createBlobStore(dataDir);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await expect(store.receive(Readable.from([Buffer.from('too big')]), new ContentCheck('txt'), 3)).rejects.toThrow();
  }
  // Any open still under way has ended by now.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(temporaryFiles()).toEqual([]);
});

it('keeps the temporary file of an accepted upload until it is placed, then none', async () => {
  const store = createBlobStore(dataDir);
  const received = await store.receive(Readable.from([Buffer.from('evidence')]), new ContentCheck('txt'), 100);
  expect(temporaryFiles()).toEqual([path.basename(received.tempPath)]);
  await store.place(received);
  expect(temporaryFiles()).toEqual([]);
});
