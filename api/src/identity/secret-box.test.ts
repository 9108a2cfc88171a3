// @backend-agnostic: pure functions; no table is read or written.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSecretBox, loadSecretKey } from './secret-box';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-secret-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('generates a key file once, readable by its owner only, and reuses it', async () => {
  const dataDir = path.join(dir, 'data');
  const first = await loadSecretKey(undefined, dataDir);
  const second = await loadSecretKey(undefined, dataDir);
  expect(first.equals(second)).toBe(true);
  expect((await stat(path.join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);
  expect((await readFile(path.join(dataDir, 'secret.key'), 'utf8')).length).toBeGreaterThan(40);
});

it('derives the key from SECRET_KEY when given', async () => {
  const key = await loadSecretKey('operator secret', path.join(dir, 'unused'));
  expect(key).toHaveLength(32);
  expect(key.equals(await loadSecretKey('operator secret', path.join(dir, 'other')))).toBe(true);
});

it('seals so that only the same key opens, and detects tampering', async () => {
  const box = createSecretBox(await loadSecretKey('one', dir));
  const sealed = box.seal('JBSWY3DPEHPK3PXP');
  expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  expect(() => createSecretBox(Buffer.alloc(32, 7)).open(sealed)).toThrow();
  const [iv, tag, body] = sealed.split('.');
  const flipped = `${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1)}`;
  expect(() => box.open([iv, tag, flipped].join('.'))).toThrow();
});
