import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Seals secrets that must be read back (TOTP secrets) with AES-256-GCM. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_FILE = 'secret.key';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key: derived from SECRET_KEY when the operator gives one (any length, hashed to 32 bytes),
 * otherwise read from — or generated once into — `secret.key` in the data directory, readable by
 * the owner only. Losing the key file means every user sets up two-factor again.
 */
export async function loadSecretKey(secretKey: string | undefined, dataDir: string): Promise<Buffer> {
  if (secretKey) return createHash('sha256').update(secretKey, 'utf8').digest();
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting together, only one writes; the other reads its key.
    await writeFile(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Not `instanceof Error`: errors of Node's fs come from another realm under test runners.
    const exists = typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST';
    if (!exists) throw error;
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key.`);
  return key;
}
