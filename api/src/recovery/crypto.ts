// Backup encryption (docs/recovery.md "Encryption"): AES-256-GCM over the whole compressed
// archive, with the key of RECOVERY_KEY. The stored object is `PBK1` (4 bytes), a random 12-byte
// IV, the ciphertext, and the 16-byte authentication tag — so an archive is encrypted and
// decrypted as a stream, and a changed byte anywhere fails the tag at the end.
import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('PBK1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEAD_BYTES = MAGIC.length + IV_BYTES;

/** The archive cannot be trusted: damaged, altered, or sealed with another key. */
export class BackupDamaged extends Error {}

/** RECOVERY_KEY: 32 bytes as 64 hexadecimal digits or as base64; undefined when unset. */
export function parseRecoveryKey(text: string | undefined): Buffer | undefined {
  if (text === undefined) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('RECOVERY_KEY must be 32 bytes: 64 hexadecimal digits or their base64.');
  return key;
}

/** Whether the stored object's first bytes say it is encrypted. */
export function isEncrypted(head: Buffer): boolean {
  return head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);
}

export function encryptStream(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const body = cipher.update(chunk);
      if (!started) {
        started = true;
        return done(null, Buffer.concat([MAGIC, iv, body]));
      }
      done(null, body);
    },
    flush(done) {
      const last = cipher.final();
      const head = started ? [] : [MAGIC, iv];
      done(null, Buffer.concat([...head, last, cipher.getAuthTag()]));
    },
  });
}

/** Decrypts an object of encryptStream's; holds back the last 16 bytes (the tag) until the end. */
export function decryptStream(key: Buffer | undefined): Transform {
  let head: Buffer = Buffer.alloc(0);
  let tail: Buffer = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let data: Buffer = chunk;
      if (!decipher) {
        head = Buffer.concat([head, data]);
        if (head.length < HEAD_BYTES) return done();
        if (!isEncrypted(head)) return done(new BackupDamaged('the archive is not an encrypted backup.'));
        if (!key) return done(new BackupDamaged('the backup is encrypted and RECOVERY_KEY is not configured.'));
        decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length, HEAD_BYTES));
        data = head.subarray(HEAD_BYTES);
      }
      const all = tail.length === 0 ? data : Buffer.concat([tail, data]);
      if (all.length <= TAG_BYTES) {
        tail = all;
        return done();
      }
      tail = Buffer.from(all.subarray(all.length - TAG_BYTES));
      done(null, decipher.update(all.subarray(0, all.length - TAG_BYTES)));
    },
    flush(done) {
      if (!decipher || tail.length < TAG_BYTES) return done(new BackupDamaged('the archive is truncated.'));
      decipher.setAuthTag(tail);
      try {
        done(null, decipher.final());
      } catch {
        done(new BackupDamaged('the archive does not decrypt with the configured RECOVERY_KEY (a changed byte, or another key).'));
      }
    },
  });
}
