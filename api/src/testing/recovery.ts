// A process worth backing up (test-only; the recovery tests and `npm run bench`): requirements in
// a hierarchy with events and comments, an attachment, tasks chained by previous/next, a gap,
// applications with builds, SBOM components, findings and VEX analyses, deployment profiles,
// security findings with their import and events, a metric snapshot, and library files in the
// blob store. Written with set-based SQL, so that the bench's 10,000 requirements and 20,000
// components take seconds; the files are streamed to disk, never held whole.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/database';
import type { BlobStore } from '../documents/service';

export interface SeedScale {
  requirements: number;
  applications: number;
  componentsPerApplication: number;
  files: number;
  fileBytes: number;
}

export const SMALL_SEED: SeedScale = { requirements: 12, applications: 2, componentsPerApplication: 5, files: 3, fileBytes: 10_000 };

/** Streams `bytes` pseudo-random bytes into the blob store; resolves to their SHA-256. */
async function writeBlob(blobs: BlobStore, bytes: number, seed: number): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const temp = path.join(blobs.root, 'tmp', `seed-${seed}-${randomBytes(4).toString('hex')}`);
  await mkdir(path.dirname(temp), { recursive: true });
  const block = randomBytes(64 * 1024);
  let left = bytes;
  let n = 0;
  const source = Readable.from(
    (function* () {
      while (left > 0) {
        const chunk = Buffer.from(block.subarray(0, Math.min(left, block.length)));
        chunk.writeUInt32BE(seed, 0);
        chunk.writeUInt32BE(n++, 4);
        left -= chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  await pipeline(source, createWriteStream(temp));
  const sha256 = hash.digest('hex');
  const target = blobs.pathOf(sha256);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(temp, target);
  return { sha256, size: bytes };
}

export async function seedRecoveryProcess(db: Database, blobs: BlobStore, processId: string, userId: string, scale: SeedScale = SMALL_SEED): Promise<void> {
  const [{ organization_id: org }] = await db.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [processId]);
  const p = [org, processId, userId];
  // Every tenth requirement is the parent of the nine after it (one statement: its key checks run at its end).
  await db.query(
    `WITH ids AS (SELECT n, gen_random_uuid() AS id FROM generate_series(1, ${scale.requirements}) n)
     INSERT INTO requirements (id, organization_id, process_id, code, title, description, position, parent_id, created_by)
     SELECT i.id, $1, $2, 'RB-' || i.n, 'Requirement ' || i.n, 'What requirement ' || i.n || ' asks: ' || repeat('x', 200), i.n, p.id, $3
       FROM ids i LEFT JOIN ids p ON p.n = ((i.n - 1) / 10) * 10 + 1 AND p.n <> i.n`,
    p,
  );
  await db.query(
    `INSERT INTO requirement_events (process_id, requirement_id, type, actor_id, data)
     SELECT $1, id, 'Add', $2, jsonb_build_object('requirement', id, 'code', code) FROM requirements WHERE process_id = $1 AND code LIKE 'RB-%'`,
    [processId, userId],
  );
  await db.query(
    `INSERT INTO requirement_comments (process_id, requirement_id, author_id, text)
     SELECT $1, id, $2, 'A comment on ' || code FROM requirements WHERE process_id = $1 AND code LIKE 'RB-%' AND position % 3 = 0`,
    [processId, userId],
  );
  const [first] = await db.query<{ id: string }>("SELECT id FROM requirements WHERE process_id = $1 AND code = 'RB-1'", [processId]);
  const attachment = Buffer.from('An attachment kept in its row.\n');
  await db.query(
    `INSERT INTO attachments (organization_id, process_id, requirement_id, name, content_type, size, content, sha256, uploaded_by)
     VALUES ($1, $2, $3, 'note.txt', 'text/plain; charset=utf-8', $4, $5, $6, $7)`,
    [org, processId, first.id, attachment.length, attachment, createHash('sha256').update(attachment).digest('hex'), userId],
  );
  const tasks = await db.query<{ id: string }>(
    `INSERT INTO tasks (organization_id, process_id, requirement_id, type, assigned_to_user, created_by)
     SELECT $1, $2, id, 'REVIEW', $3, $3 FROM requirements WHERE process_id = $2 AND code IN ('RB-1', 'RB-2') ORDER BY code RETURNING id`,
    p,
  );
  if (tasks.length === 2) {
    await db.query('UPDATE tasks SET next_id = $2 WHERE id = $1', [tasks[0].id, tasks[1].id]);
    await db.query('UPDATE tasks SET previous_id = $1 WHERE id = $2', [tasks[0].id, tasks[1].id]);
    await db.query(`INSERT INTO task_comments (task_id, author_id, text) VALUES ($1, $2, 'Looks right')`, [tasks[0].id, userId]);
    await db.query(
      `INSERT INTO gaps (organization_id, process_id, requirement_id, description, remediation_plan, target_date, task_id, created_by)
       VALUES ($1, $2, $3, 'A gap', 'A plan', '2030-12-31', $4, $5)`,
      [org, processId, first.id, tasks[0].id, userId],
    );
  }
  for (let a = 1; a <= scale.applications; a++) {
    const [application] = await db.query<{ id: string }>(
      `INSERT INTO applications (organization_id, process_id, app_key, name) VALUES ($1, $2, $3, $4) RETURNING id`,
      [org, processId, `app-${a}-${processId.slice(0, 8)}`, `Application ${a}`],
    );
    const [build] = await db.query<{ id: string }>(
      `INSERT INTO application_builds (application_id, number, status, format, spec_version, encoding, component_count, vulnerability_count, uploaded_by)
       VALUES ($1, 1, 'DONE', 'CycloneDX', '1.5', 'json', $2, $2, $3) RETURNING id`,
      [application.id, scale.componentsPerApplication, userId],
    );
    await db.query(
      `INSERT INTO sbom_components (build_id, position, bom_ref, type, name, version, purl, licenses)
       SELECT $1, n, 'pkg-' || n, 'library', 'package-' || n, '1.' || n, 'pkg:npm/package-' || n || '@1.' || n, ARRAY['MIT']
         FROM generate_series(0, $2 - 1) n`,
      [build.id, scale.componentsPerApplication],
    );
    await db.query(
      `INSERT INTO build_findings (build_id, position, vulnerability_id, severity, summary)
       SELECT $1, n, 'GHSA-seed-' || n, 'HIGH', 'A finding of package-' || n FROM generate_series(0, $2 - 1) n`,
      [build.id, scale.componentsPerApplication],
    );
    await db.query(
      `INSERT INTO vex_analyses (build_id, position, vulnerability_id, state, justification, source, updated_by)
       SELECT $1, n, 'GHSA-seed-' || n, 'not_affected', 'code_not_reachable', 'user', $3 FROM generate_series(0, $2 - 1, 2) n`,
      [build.id, scale.componentsPerApplication, userId],
    );
    await db.query(
      `INSERT INTO deployment_profiles (organization_id, process_id, application_id, name, environment, build_id, created_by)
       VALUES ($1, $2, $3, 'Production', 'prod', $4, $5)`,
      [org, processId, application.id, build.id, userId],
    );
  }
  const [imported] = await db.query<{ id: string }>(
    `INSERT INTO security_finding_imports (organization_id, process_id, scope, format, runs, created_by, created_at) VALUES ($1, $2, 'repo', 'sarif', '[]', $3, now()) RETURNING id`,
    p,
  );
  await db.query(
    `INSERT INTO security_findings (organization_id, process_id, scope, fingerprint, tool_name, category, rule_id, severity, title, state, first_seen, last_seen, last_import_id)
     VALUES ($1, $2, 'repo', 'fp-1', 'semgrep', 'sast', 'rule-1', 'high', 'A SAST finding', 'open', now(), now(), $3)`,
    [org, processId, imported.id],
  );
  await db.query(
    `INSERT INTO metric_snapshots (organization_id, process_id, metric_key, labels, value, taken_at) VALUES ($1, $2, 'overdue_tasks', '{}', 2, now())`,
    [org, processId],
  );
  for (let f = 0; f < scale.files; f++) {
    const blob = await writeBlob(blobs, scale.fileBytes, f + 1);
    const [document] = await db.query<{ id: string }>(
      `INSERT INTO documents (organization_id, process_id, name, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
      [org, processId, `evidence-${f + 1}.bin`, userId],
    );
    await db.query(`INSERT INTO document_versions (document_id, version, sha256, size, content_type, uploaded_by) VALUES ($1, 1, $2, $3, 'application/octet-stream', $4)`, [
      document.id,
      blob.sha256,
      blob.size,
      userId,
    ]);
    await db.query('INSERT INTO document_requirements (document_id, requirement_id, linked_by) VALUES ($1, $2, $3)', [document.id, first.id, userId]);
  }
}
