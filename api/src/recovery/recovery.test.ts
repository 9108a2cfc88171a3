// Disaster recovery (issue 25 items 6-8, docs/recovery.md): a seeded process backed up (encrypted,
// to the folder target, with progress), verified, and restored into a new process whose every
// exported entity and file equals the original's; a damaged archive and one of a newer format
// refused with a clear 422; a restore failing midway leaves nothing; retention, the schedule and
// the recovery point alarm; who may do what (403), hostile bodies (400).
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import type { Backup, BackupList, ComplianceCheck, RequirementCompliance } from '@portal/shared/server';
import { createBlobStore } from '../documents/service';
import { seedRecoveryProcess } from '../testing/recovery';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { TABLES } from './format';

const KEY = 'a'.repeat(64);
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
let world: TaskWorld;
let backupsDir = '';
/** RB-1's compliance before the backup: a failing check (the seeded SAST finding) and the history of a check since deleted. */
let compliance: RequirementCompliance;

async function finished(id: string): Promise<Backup> {
  for (let attempt = 0; attempt < 2000; attempt++) {
    const backup = await world.ok<Backup>('olga', 'GET', `/api/recovery/backups/${id}?${G}`);
    if (backup.status !== 'running') return backup;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the backup never finished');
}

async function backUp(): Promise<Backup> {
  const started = await world.ok<Backup>('olga', 'POST', `/api/recovery/backups?${G}`, undefined, 202);
  expect(started.status).toBe('running');
  return finished(started.id);
}

const archivePath = async (id: string) => {
  const [row] = await world.app.database.query<{ location: string }>('SELECT location FROM recovery_backups WHERE id = $1', [id]);
  return path.join(backupsDir, ...row.location.split('/'));
};

/** Every exported row of the process, references left out (they are remapped), sorted: comparable across processes. */
async function exported(processId: string): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  const uuidColumns = await world.app.database.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND (udt_name IN ('uuid', '_uuid') OR is_identity = 'YES')",
  );
  const references = (table: string) => uuidColumns.filter((column) => column.table_name === table).map((column) => column.column_name);
  for (const table of TABLES) {
    const rows = await world.app.database.query<{ j: Record<string, unknown> }>(`SELECT to_jsonb(t) AS j FROM ${table.name} t WHERE ${table.where}`, [processId]);
    tables[table.name] = rows
      .map(({ j }) => {
        for (const column of [...references(table.name), 'app_key', 'search_text']) delete j[column];
        if (table.name === 'requirement_events') delete (j.data as Record<string, unknown>).requirement;
        // Ids inside json (a compliance reason's id and link) are remapped too.
        return JSON.stringify(j, Object.keys(j).sort()).replace(UUIDS, '<id>');
      })
      .sort();
  }
  return tables;
}

const processCount = async (code: string) =>
  (await world.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM processes WHERE lower(code_name) = lower($1)', [code]))[0].n;

async function allRows(): Promise<number> {
  let total = 0;
  for (const table of [...TABLES.map((t) => t.name), 'processes']) total += (await world.app.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  return total;
}

beforeAll(async () => {
  world = await taskWorld({ config: { recovery: { key: KEY } } });
  backupsDir = path.join(world.app.config.dataDir, 'backups');
  await seedRecoveryProcess(world.app.database, createBlobStore(world.app.config.dataDir), world.processId, world.ids.olga);
  await world.ok('olga', 'PUT', `/api/recovery/settings?${G}`, { encrypted: true, retention_count: 10, rpo_minutes: 60 });
  // Live compliance: RB-1 fails a check (raising its gap and close-gap task); a second check was evaluated, then deleted.
  const [first] = await world.app.database.query<{ id: string }>("SELECT id FROM requirements WHERE process_id = $1 AND code = 'RB-1'", [world.processId]);
  const checks = `/api/requirements/${first.id}/checks?${G}`;
  const sast = await world.ok<ComplianceCheck>('olga', 'POST', checks, { kind: 'open-findings', params: { sources: ['sast'], severity: 'high', older_than_days: 0 } }, 201);
  expect(sast.result.status).toBe('failing');
  const gone = await world.ok<ComplianceCheck>('olga', 'POST', checks, { kind: 'sbom-fresh', params: { max_age_days: 30 } }, 201);
  await world.ok('olga', 'DELETE', `/api/requirements/${first.id}/checks/${gone.id}?${G}`, undefined, 204);
  compliance = await world.ok<RequirementCompliance>('olga', 'GET', `/api/requirements/${first.id}/compliance?${G}`);
  expect(compliance.history.filter((entry) => entry.check_id === gone.id)).toHaveLength(1);
}, 120_000);

afterAll(async () => world?.close());

describe('a backup and its restore', () => {
  let backup: Backup;

  beforeAll(async () => {
    backup = await backUp();
  }, 60_000);

  it('backs up the whole process, encrypted, with its size, duration, checksum and counts', async () => {
    expect(backup).toMatchObject({ status: 'succeeded', trigger: 'manual', target: 'folder', encrypted: true, format_version: 1, progress: null, error: null });
    expect(backup.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await archivePath(backup.id);
    expect((await stat(file)).size).toBe(backup.size);
    expect(createHash('sha256').update(await readFile(file)).digest('hex')).toBe(backup.sha256);
    expect((await readFile(file)).subarray(0, 4).toString()).toBe('PBK1');
    expect(backup.counts).toMatchObject({ requirements: 13, attachments: 1, tasks: 3, gaps: 2, applications: 3, sbom_components: 10, build_findings: 10, files: 4 });
    expect(backup.counts).toMatchObject({ compliance_checks: 1, compliance_requirements: 1, compliance_history: 3 });
    const list = await world.ok<BackupList>('reed', 'GET', `/api/recovery/backups?${G}`);
    expect(list.items.map((item) => item.id)).toEqual([backup.id]);
    expect(list.recovery_point).toMatchObject({ age_minutes: 0, objective_minutes: 60, exceeded: false });
  });

  it('verifies the archive without restoring anything', async () => {
    const before = await allRows();
    expect(await world.ok('olga', 'POST', `/api/recovery/backups/${backup.id}/verify?${G}`)).toMatchObject({ ok: true, result: 'ok' });
    expect(await allRows()).toBe(before);
    expect(await world.ok<Backup>('olga', 'GET', `/api/recovery/backups/${backup.id}?${G}`)).toMatchObject({ verify_result: 'ok' });
  });

  it('restores into a new process with every exported entity and file the same, under fresh ids', async () => {
    const restored = await world.ok<{ process: { id: string; code_name: string } }>('olga', 'POST', `/api/recovery/backups/${backup.id}/restore?${G}`, { code_name: 'alpha-copy', name: 'Alpha (restored)' }, 201);
    expect(restored.process.code_name).toBe('alpha-copy');
    expect(await exported(restored.process.id)).toEqual(await exported(world.processId));
    const ids = await world.app.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM requirements a JOIN requirements b ON a.id = b.id WHERE a.process_id = $1 AND b.process_id = $2',
      [world.processId, restored.process.id],
    );
    expect(ids[0].n).toBe(0);
    // The hierarchy and the task chain point inside the new process.
    const parents = await world.app.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM requirements c JOIN requirements p ON p.id = c.parent_id WHERE c.process_id = $1 AND p.process_id = $1',
      [restored.process.id],
    );
    expect(parents[0].n).toBe(10);
    const chained = await world.app.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tasks t JOIN tasks n ON n.id = t.next_id AND n.previous_id = t.id WHERE t.process_id = $1 AND n.process_id = $1',
      [restored.process.id],
    );
    expect(chained[0].n).toBe(1);
    // Files by content hash: the library's blobs are there, the attachment's bytes back in its row.
    const blobs = createBlobStore(world.app.config.dataDir);
    const hashes = await world.app.database.query<{ sha256: string }>(
      'SELECT v.sha256 FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE d.process_id = $1',
      [restored.process.id],
    );
    expect(hashes).toHaveLength(3);
    for (const { sha256 } of hashes) expect(createHash('sha256').update(await readFile(blobs.pathOf(sha256))).digest('hex')).toBe(sha256);
    const [attachment] = await world.app.database.query<{ ok: boolean }>("SELECT sha256 = encode(sha256(content), 'hex') AS ok FROM attachments WHERE process_id = $1", [restored.process.id]);
    expect(attachment.ok).toBe(true);
    // The restored process is the caller's to open.
    expect((await world.call('olga', 'GET', '/api/requirements?graph=alpha-copy')).statusCode).toBe(200);
  });

  it("brings the compliance checks back with their results and history, a deleted check's included, pointing inside the new process", async () => {
    const [copy] = await world.app.database.query<{ id: string }>("SELECT r.id FROM requirements r JOIN processes p ON p.id = r.process_id WHERE p.code_name = 'alpha-copy' AND r.code = 'RB-1'");
    const restored = await world.ok<RequirementCompliance>('olga', 'GET', `/api/requirements/${copy.id}/compliance?graph=alpha-copy`);
    const [check] = restored.checks;
    const [original] = compliance.checks;
    expect(restored).toMatchObject({ status: 'failing', since: compliance.since, evaluated_at: compliance.evaluated_at });
    expect(restored.checks).toHaveLength(1);
    expect(check).toMatchObject({ kind: 'open-findings', params: original.params, result: { ...original.result, reasons: expect.any(Array) } });
    expect(check.id).not.toBe(original.id);
    // The reason names the restored finding, by its id and in its link.
    const [finding] = await world.app.database.query<{ id: string }>("SELECT s.id FROM security_findings s JOIN processes p ON p.id = s.process_id WHERE p.code_name = 'alpha-copy'");
    expect(check.result.reasons).toEqual([expect.objectContaining({ kind: 'finding', id: finding.id, link: `/security/sast?finding=${finding.id}` })]);
    // The history, entry for entry: the kept check's under its new id, the deleted one's under a fresh id of its own (not null).
    const shape = (entries: RequirementCompliance['history'], keptId: string) =>
      entries.map((entry) => ({ ...entry, check_id: entry.check_id === null ? 'requirement' : entry.check_id === keptId ? 'kept' : 'deleted' }));
    expect(shape(restored.history, check.id)).toEqual(shape(compliance.history, original.id));
    const deleted = restored.history.find((entry) => entry.kind === 'sbom-fresh')!;
    expect(deleted.check_id).not.toBeNull();
    expect(compliance.history.map((entry) => entry.check_id)).not.toContain(deleted.check_id);
    // Its open gap (and close-gap task) is the restored one.
    const gap = 'SELECT g.process_id = r.process_id AS same FROM compliance_requirements c JOIN gaps g ON g.id = c.gap_id JOIN requirements r ON r.id = c.requirement_id WHERE c.requirement_id = $1';
    expect(await world.app.database.query(gap, [copy.id])).toEqual([{ same: true }]);
  });

  it('refuses a code name already taken (409) and leaves nothing', async () => {
    const before = await allRows();
    const response = await world.call('olga', 'POST', `/api/recovery/backups/${backup.id}/restore?${G}`, { code_name: 'ALPHA' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe("A process with code name 'alpha' already exists in the organization.");
    expect(await allRows()).toBe(before);
  });

  it('restores into another organization: references to its users are dropped, memberships left out', async () => {
    const [other] = await world.app.database.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Other'");
    const [row] = await world.app.database.query<import('./repository').BackupRow>('SELECT * FROM recovery_backups WHERE id = $1', [backup.id]);
    const result = await world.app.recovery.restore(row, { organizationId: other.id, codeName: 'alpha-elsewhere' });
    expect(result.counts).toMatchObject({ requirements: 13, memberships: 0, sbom_components: 10 });
    const foreign = await world.app.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM requirements r JOIN users u ON u.id = r.created_by WHERE r.process_id = $1 AND u.organization_id <> $2',
      [result.process.id, other.id],
    );
    expect(foreign[0].n).toBe(0);
    const keys = await world.app.database.query<{ organization_id: string }>('SELECT DISTINCT organization_id FROM applications WHERE process_id = $1', [result.process.id]);
    expect(keys).toEqual([{ organization_id: other.id }]);
  });

  it('leaves nothing behind when a restore fails midway (one transaction)', async () => {
    const before = await allRows();
    const [row] = await world.app.database.query<import('./repository').BackupRow>('SELECT * FROM recovery_backups WHERE id = $1', [backup.id]);
    const killed = world.app.recovery.restore(row, { organizationId: (await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]))[0].organization_id, codeName: 'midway' }, (table) => {
      if (table === 'sbom_components') throw new Error('killed while restoring');
    });
    await expect(killed).rejects.toThrow('killed while restoring');
    expect(await processCount('midway')).toBe(0);
    expect(await allRows()).toBe(before);
  });

  it('refuses a damaged archive (one byte changed) with a clear 422, and verification says why', async () => {
    const damaged = await backUp();
    const file = await archivePath(damaged.id);
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(file, bytes);
    const verified = await world.ok<{ ok: boolean; result: string }>('olga', 'POST', `/api/recovery/backups/${damaged.id}/verify?${G}`);
    expect(verified.ok).toBe(false);
    expect(verified.result).toMatch(/decrypt|SHA-256|cannot be read/);
    const before = await allRows();
    const response = await world.call('olga', 'POST', `/api/recovery/backups/${damaged.id}/restore?${G}`, { code_name: 'from-damaged' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^The backup is damaged: /);
    expect(await processCount('from-damaged')).toBe(0);
    expect(await allRows()).toBe(before);
  });

  it('refuses a backup of a newer format with a clear 422', async () => {
    const pack = tar.pack();
    pack.entry({ name: 'format.json' }, JSON.stringify({ format: 'portal-process-backup', format_version: 99, schema_version: '999' }));
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    const [row] = await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]);
    const location = `${row.organization_id}/${world.processId}/newer.tar.gz`;
    await writeFile(path.join(backupsDir, ...location.split('/')), gzipSync(Buffer.concat(chunks)));
    const [inserted] = await world.app.database.query<{ id: string }>(
      `INSERT INTO recovery_backups (organization_id, process_id, trigger, status, target, location, format_version, encrypted, started_at, finished_at)
       VALUES ($1, $2, 'manual', 'succeeded', 'folder', $3, 99, false, now(), now()) RETURNING id`,
      [row.organization_id, world.processId, location],
    );
    const response = await world.call('olga', 'POST', `/api/recovery/backups/${inserted.id}/restore?${G}`, { code_name: 'from-the-future' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('This backup is in format version 99; this portal reads format versions up to 1. Restore it with a newer portal.');
    expect(await processCount('from-the-future')).toBe(0);
    await world.ok('olga', 'DELETE', `/api/recovery/backups/${inserted.id}?${G}`, undefined, 204);
  });

  it('deletes a backup: its archive and its row', async () => {
    const doomed = await backUp();
    const file = await archivePath(doomed.id);
    await world.ok('olga', 'DELETE', `/api/recovery/backups/${doomed.id}?${G}`, undefined, 204);
    await expect(stat(file)).rejects.toThrow();
    expect((await world.call('olga', 'GET', `/api/recovery/backups/${doomed.id}?${G}`)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  let id = '';
  beforeAll(async () => {
    id = (await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`)).items[0]!.id;
  });

  const routes = () =>
    [
      ['GET', '/api/recovery/settings', undefined, 'view'],
      ['PUT', '/api/recovery/settings', {}, 'configure'],
      ['GET', '/api/recovery/backups', undefined, 'view'],
      ['POST', '/api/recovery/backups', undefined, 'execute'],
      ['GET', `/api/recovery/backups/${id}`, undefined, 'view'],
      ['POST', `/api/recovery/backups/${id}/verify`, undefined, 'execute'],
      ['POST', `/api/recovery/backups/${id}/restore`, { code_name: 'not-made' }, 'execute'],
      ['DELETE', `/api/recovery/backups/${id}`, undefined, 'delete'],
    ] as const;

  it('has a case for every route of the recovery family (a new route fails here until it has one)', () => {
    const declared = world.app.declaredRoutes.filter((route) => route.url.startsWith('/api/recovery')).map((route) => `${route.method} ${route.url}`);
    const cased = routes().map(([method, url]) => `${method} ${url.replace(id, ':id')}`);
    expect(cased.sort()).toEqual(declared.sort());
  });

  it('answers 403 to a member without view=>DisasterRecovery, and a reader may only view', async () => {
    for (const [method, url, body, action] of routes()) {
      expect(`${method} ${url} ${(await world.call('vic', method, `${url}?${G}`, body)).statusCode}`).toBe(`${method} ${url} 403`);
      const reader = (await world.call('reed', method, `${url}?${G}`, body)).statusCode;
      expect(`${method} ${url} ${reader}`).toBe(`${method} ${url} ${action === 'view' ? 200 : 403}`);
    }
    expect(await processCount('not-made')).toBe(0);
  });

  it("answers 404 to another organization's admin, with their process or Acme's", async () => {
    for (const [method, url, body] of routes()) {
      const acme = (await world.call('ursula', method, `${url}?${G}`, body)).statusCode;
      expect(`${method} ${url} alpha ${acme}`).toBe(`${method} ${url} alpha 404`);
      if (!url.includes(id)) continue;
      const own = (await world.call('ursula', method, `${url}?graph=omega`, body)).statusCode;
      expect(`${method} ${url} omega ${own}`).toBe(`${method} ${url} omega 404`);
    }
    expect(await world.ok<Backup>('olga', 'GET', `/api/recovery/backups/${id}?${G}`)).toMatchObject({ id });
  });

  it('refuses a restore into an organization the caller is not in (404)', async () => {
    const [other] = await world.app.database.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Other'");
    const response = await world.call('olga', 'POST', `/api/recovery/backups/${id}/restore?${G}`, { code_name: 'elsewhere', organization_id: other.id });
    expect(response.statusCode).toBe(404);
    expect(await processCount('elsewhere')).toBe(0);
  });
});

describe('hostile bodies', () => {
  it.each([
    [{ schedule: 'every day' }, 'schedule'],
    [{ schedule: '0 2 * * * *' }, 'schedule'],
    [{ schedule: 42 }, 'schedule'],
    [{ retention_count: 0 }, 'retention_count'],
    [{ retention_days: 1.5 }, 'retention_days'],
    [{ rpo_minutes: '60' }, 'rpo_minutes'],
    [{ target: 'tape' }, 'target'],
    [{ target: 's3', s3_bucket: 'backups' }, 'target'],
    [{ folder: '../etc' }, 'folder'],
    [{ folder: '..' }, 'folder'],
    [{ s3_prefix: '../x/' }, 's3_prefix'],
    [{ encrypted: 'yes' }, 'encrypted'],
  ])('refuses settings %j naming the field', async (body, field) => {
    const response = await world.call('olga', 'PUT', `/api/recovery/settings?${G}`, body);
    expect(response.statusCode).toBe(400);
    expect((response.json().errors ?? []).map((error: { field: string }) => error.field)).toContain(field);
  });

  it.each([[[]], ['text'], [{ schedule: null, extra: 1 }]])('refuses the settings body %j', async (body) => {
    expect([400, 415]).toContain((await world.call('olga', 'PUT', `/api/recovery/settings?${G}`, body)).statusCode);
  });

  it.each([[{}], [{ code_name: '..' }], [{ code_name: 'a/b' }], [{ code_name: 'x'.repeat(65) }], [{ code_name: 'ok', organization_id: 'nope' }], [{ code_name: 'ok', admin: true }], [[]]])(
    'refuses the restore body %j',
    async (body) => {
      const id = (await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`)).items[0]!.id;
      expect((await world.call('olga', 'POST', `/api/recovery/backups/${id}/restore?${G}`, body)).statusCode).toBe(400);
    },
  );

  it('answers 404 to a backup id that is not a uuid', async () => {
    expect((await world.call('olga', 'GET', `/api/recovery/backups/not-an-id?${G}`)).statusCode).toBe(404);
  });
});

// Last: these move the clock (the sessions are kept alive by a call every 20 minutes).
describe('settings, schedule, retention and the recovery point', () => {
  const pass = async (minutes: number) => {
    for (let left = minutes; left > 0; left -= 20) {
      world.clock.advance(Math.min(20, left) * 60_000);
      for (const login of ['olga', 'reed'] as const) await world.ok(login, 'GET', `/api/recovery/settings?${G}`);
    }
  };

  it('keeps retention_count backups and always the newest good one', async () => {
    await world.ok('olga', 'PUT', `/api/recovery/settings?${G}`, { retention_count: 1, rpo_minutes: 60 });
    await pass(1);
    await backUp();
    await pass(1);
    const newest = await backUp();
    // The retention prunes right after the backup succeeded.
    await world.app.recovery.idle();
    const list = await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`);
    expect(list.items.map((item) => item.id)).toEqual([newest.id]);
  });

  it('runs a scheduled backup when its cron expression is due', async () => {
    const settings = await world.ok<{ schedule: string; next_run_at: string }>('olga', 'PUT', `/api/recovery/settings?${G}`, { schedule: '*/30 * * * *', retention_count: 5, rpo_minutes: 60 });
    expect(settings.schedule).toBe('*/30 * * * *');
    expect(settings.next_run_at).toBe('2030-06-01T08:30:00.000Z');
    await world.app.recovery.tick();
    expect((await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`)).items.filter((item) => item.trigger === 'scheduled')).toHaveLength(0);
    await pass(31);
    await world.app.recovery.tick();
    // The pass queued the backup; its job runs it.
    await world.app.recovery.idle();
    const scheduled = (await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`)).items.filter((item) => item.trigger === 'scheduled');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].status).toBe('succeeded');
  });

  it('tells who may view disaster recovery once when the recovery point passes the objective', async () => {
    await world.ok('olga', 'PUT', `/api/recovery/settings?${G}`, { retention_count: 5, rpo_minutes: 60 });
    await pass(120);
    const list = await world.ok<BackupList>('olga', 'GET', `/api/recovery/backups?${G}`);
    expect(list.recovery_point).toMatchObject({ exceeded: true, objective_minutes: 60 });
    expect(list.recovery_point.age_minutes).toBeGreaterThan(60);
    await world.app.recovery.tick();
    await world.app.recovery.tick();
    const told = await world.app.database.query<{ login_id: string }>(
      "SELECT u.login_id FROM outbox o JOIN users u ON o.destination = 'notifications#' || u.id::text WHERE o.body ->> 'title' = 'Recovery point exceeded in alpha' ORDER BY u.login_id",
    );
    expect(told.map((row) => row.login_id)).toEqual(['andy', 'olga', 'reed', 'rita']);
  });
});
