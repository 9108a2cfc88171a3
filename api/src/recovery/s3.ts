// The S3-compatible target (docs/recovery.md "Targets"): AWS S3 or MinIO alike, through
// @aws-sdk/client-s3 with the endpoint override and path-style addressing of the configuration.
// An archive is streamed up in parts (@aws-sdk/lib-storage: its length is not known beforehand);
// a failed upload is aborted, so no half object is left.
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { KEY, type BackupTarget } from './targets';

const clients = new Map<string, S3Client>();

function clientOf(config: S3Config): S3Client {
  const id = JSON.stringify(config);
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: S3-compatible stores do not all take the SDK's
      // default streamed CRC trailers (the archive's own SHA-256 is checked on every read).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.set(id, client);
  }
  return client;
}

function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a backup key: ${key}`);
  return key;
}

export function s3Target(config: S3Config, bucket: string): BackupTarget {
  const client = clientOf(config);
  return {
    async write(key, body) {
      const upload = new Upload({ client, params: { Bucket: bucket, Key: checked(key), Body: body }, partSize: 8 * 1024 * 1024, queueSize: 2 });
      await upload.done();
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checked(key) }));
      return answer.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
  };
}
