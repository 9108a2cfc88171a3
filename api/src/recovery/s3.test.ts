// The S3-compatible target (issue 25 items 6, 8): a process backed up to a bucket of an S3 server
// started by the test (path-style, endpoint override — as MinIO is reached), listed there,
// verified and restored from it, and deleted from it; the lib-storage multipart upload of a
// larger archive too.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Backup, BackupList } from '@portal/shared/server';
import { createBlobStore } from '../documents/service';
import { seedRecoveryProcess } from '../testing/recovery';
import { startS3TestServer, type S3TestServer } from '../testing/s3-server';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { s3Target } from './s3';

let s3: S3TestServer;
let world: TaskWorld;

const credentials = { accessKeyId: 'portal-test', secretAccessKey: 'portal-test-secret' };

beforeAll(async () => {
  s3 = await startS3TestServer(['portal-backups']);
  world = await taskWorld({ config: { recovery: { s3: { endpoint: s3.endpoint, region: 'eu-west-1', forcePathStyle: true, ...credentials } } } });
  await seedRecoveryProcess(world.app.database, createBlobStore(world.app.config.dataDir), world.processId, world.ids.olga);
}, 120_000);

afterAll(async () => {
  await world?.close();
  await s3?.close();
});

async function finished(id: string): Promise<Backup> {
  for (let attempt = 0; attempt < 2000; attempt++) {
    const backup = await world.ok<Backup>('olga', 'GET', `/api/recovery/backups/${id}?${G}`);
    if (backup.status !== 'running') return backup;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the backup never finished');
}

it('backs up to a bucket, verifies and restores from it, and deletes the object', async () => {
  const settings = await world.ok<{ target: string; s3_available: boolean }>('olga', 'PUT', `/api/recovery/settings?${G}`, { target: 's3', s3_bucket: 'portal-backups', s3_prefix: 'portal/' });
  expect(settings).toMatchObject({ target: 's3', s3_available: true });
  const started = await world.ok<Backup>('olga', 'POST', `/api/recovery/backups?${G}`, undefined, 202);
  const backup = await finished(started.id);
  expect(backup).toMatchObject({ status: 'succeeded', target: 's3', error: null });

  // The object is in the bucket, listed by the SDK's own ListObjectsV2, and is the archive recorded.
  const client = new S3Client({ endpoint: s3.endpoint, region: 'eu-west-1', forcePathStyle: true, credentials });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: 'portal-backups', Prefix: 'portal/' }));
  const keys = (listed.Contents ?? []).map((object) => object.Key);
  expect(keys).toEqual([expect.stringMatching(new RegExp(`^portal/.+/${world.processId}/${backup.id}\\.tar\\.gz$`))]);
  const object = s3.objects.get(`portal-backups/${keys[0]}`)!;
  expect(object.length).toBe(backup.size);
  expect(createHash('sha256').update(object).digest('hex')).toBe(backup.sha256);

  expect(await world.ok('olga', 'POST', `/api/recovery/backups/${backup.id}/verify?${G}`)).toMatchObject({ ok: true });
  const restored = await world.ok<{ counts: Record<string, number> }>('olga', 'POST', `/api/recovery/backups/${backup.id}/restore?${G}`, { code_name: 'from-s3' }, 201);
  expect(restored.counts).toMatchObject({ requirements: 13, sbom_components: 10 });

  await world.ok('olga', 'DELETE', `/api/recovery/backups/${backup.id}?${G}`, undefined, 204);
  expect(s3.objects.size).toBe(0);
  expect((await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`)).items).toEqual([]);
});

it('uploads an archive larger than a part in several parts, and reads it back whole', async () => {
  const target = s3Target({ endpoint: s3.endpoint, region: 'eu-west-1', forcePathStyle: true, ...credentials }, 'portal-backups');
  const bytes = Buffer.alloc(20 * 1024 * 1024, 7);
  await target.write('big/archive.tar.gz', Readable.from([bytes.subarray(0, 10 * 1024 * 1024), bytes.subarray(10 * 1024 * 1024)]));
  expect(s3.seen.some((request) => request.startsWith('POST /portal-backups/big/archive.tar.gz?uploads'))).toBe(true);
  const chunks: Buffer[] = [];
  for await (const chunk of await target.read('big/archive.tar.gz')) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  await target.remove('big/archive.tar.gz');
  expect(s3.objects.size).toBe(0);
});

it('refuses the S3 target when the server has no S3 configuration (400 naming the field)', async () => {
  const other = await taskWorld();
  try {
    const response = await other.call('olga', 'PUT', `/api/recovery/settings?${G}`, { target: 's3', s3_bucket: 'portal-backups' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'target', message: 'The S3 target needs RECOVERY_S3_ENDPOINT or RECOVERY_S3_REGION in the server configuration.' }]);
  } finally {
    await other.close();
  }
}, 60_000);
