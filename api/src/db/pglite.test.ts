// @backend-agnostic: the embedded database's own settings; the pass against the servers has nothing to add.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EMBEDDED_SHARED_BUFFERS, openPgliteDatabase } from './pglite';

it("runs the embedded database with the API's smaller buffer pool", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-api-pglite-'));
  const database = await openPgliteDatabase(path.join(dir, 'pgdata'));
  try {
    const [row] = await database.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(row.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    expect(EMBEDDED_SHARED_BUFFERS).toBe('48MB');
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
});
