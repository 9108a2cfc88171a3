// The recovery family (issue 25 items 6-7, docs/recovery.md): a process's disaster recovery
// settings, its backups (history, back up now with progress, verify, restore into a new process,
// delete) and its recovery point against the objective. view/configure/delete/execute=>
// DisasterRecovery (which needs the CodeProvenance module) in the process of `graph`; another
// organization's backup is not found (404). A restore goes into the caller's organization, or —
// for a Global Admin (create=>Organization@global) — into another one.
import { checkPermission, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ORG_ADMIN } from '../authorization/defaults';
import { problems } from '../http/answer';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { findOrganizationById } from '../organizations/index';
import { NewerFormat } from './archive';
import { BackupDamaged } from './crypto';
import { parseRestore, parseSettings } from './input';
import { backupOf, backupsOf, findBackup, nextRun, recoveryPointOf, RECOVERY_MESSAGES, saveSettings, settingsOf, type BackupRow } from './service';

const DR = PERMISSIONS.applications.DISASTER_RECOVERY;
const ORGANIZATION = PERMISSIONS.processes.GLOBAL_ORGANIZATION;

export const RECOVERY_ROUTE_MESSAGES = {
  noBackup: 'There is no such backup in this process.',
  noOrganization: 'There is no such organization, or you may not create processes in it.',
} as const;

const graphQuery = { type: 'object', properties: { graph: { type: 'string' } } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const counts = { type: 'object', additionalProperties: { type: 'integer' } } as const;
const nullableString = { type: ['string', 'null'] } as const;
const settingsSchema = {
  type: 'object',
  properties: {
    schedule: nullableString,
    retention_count: { type: 'integer' },
    retention_days: { type: 'integer' },
    target: { type: 'string' },
    folder: nullableString,
    s3_bucket: nullableString,
    s3_prefix: nullableString,
    encrypted: { type: 'boolean' },
    rpo_minutes: { type: 'integer' },
    encryption_available: { type: 'boolean' },
    s3_available: { type: 'boolean' },
    next_run_at: nullableString,
    updated_at: nullableString,
  },
} as const;
const backupSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    trigger: { type: 'string' },
    status: { type: 'string' },
    target: { type: 'string' },
    format_version: { type: 'integer' },
    encrypted: { type: 'boolean' },
    size: { type: ['integer', 'null'] },
    sha256: nullableString,
    counts,
    error: nullableString,
    started_at: { type: 'string' },
    finished_at: nullableString,
    duration_ms: { type: ['integer', 'null'] },
    progress: { type: ['integer', 'null'] },
    verified_at: nullableString,
    verify_result: nullableString,
  },
} as const;
const recoveryPointSchema = {
  type: 'object',
  properties: {
    newest_good_at: nullableString,
    age_minutes: { type: ['integer', 'null'] },
    objective_minutes: { type: 'integer' },
    exceeded: { type: 'boolean' },
  },
} as const;

export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['recovery'];
  const db = app.database;
  const now = () => app.identity.now();
  const recovery = () => app.recovery;

  const backupOfRequest = async (request: FastifyRequest): Promise<BackupRow> => {
    const { id } = request.params as { id: string };
    const found = isUuid(id) ? await findBackup(db, organizationOf(request), processOf(request).id, id.toLowerCase()) : undefined;
    if (!found) throw new ApiProblem(404, RECOVERY_ROUTE_MESSAGES.noBackup);
    return found;
  };

  const settingsView = async (request: FastifyRequest) => {
    const settings = await settingsOf(db, organizationOf(request), processOf(request).id);
    const next = settings.schedule === null ? undefined : nextRun(settings.schedule, new Date(settings.last_scheduled_at ?? settings.updated_at ?? now()));
    return {
      schedule: settings.schedule,
      retention_count: settings.retention_count,
      retention_days: settings.retention_days,
      target: settings.target,
      folder: settings.folder,
      s3_bucket: settings.s3_bucket,
      s3_prefix: settings.s3_prefix,
      encrypted: settings.encrypted,
      rpo_minutes: settings.rpo_minutes,
      encryption_available: recovery().encryptionAvailable,
      s3_available: recovery().s3Available,
      next_run_at: next ? next.toISOString() : null,
      updated_at: settings.updated_at === null ? null : new Date(settings.updated_at).toISOString(),
    };
  };

  app.get(
    '/recovery/settings',
    {
      config: { permission: DR.VIEW },
      schema: { tags, summary: "The process's backup settings: schedule, retention, target, encryption, recovery point objective", querystring: graphQuery, response: { 200: settingsSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => settingsView(request),
  );

  app.put(
    '/recovery/settings',
    {
      config: { permission: DR.CONFIGURE },
      schema: {
        tags,
        summary: 'Sets the backup settings (a field left out or null takes its default: no schedule, 7 backups, 30 days, the folder target, unencrypted, 1440 minutes)',
        querystring: graphQuery,
        response: { 200: settingsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const settings = parseSettings(request.body, recovery(), now());
      await saveSettings(db, organizationOf(request), processOf(request).id, settings, callerOf(request).user.id, now());
      return settingsView(request);
    },
  );

  app.get(
    '/recovery/backups',
    {
      config: { permission: DR.VIEW },
      schema: {
        tags,
        summary: "The process's backups, newest first, and its recovery point (the age of the newest good backup) against the objective",
        querystring: graphQuery,
        response: { 200: { type: 'object', properties: { items: { type: 'array', items: backupSchema }, recovery_point: recoveryPointSchema } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const rows = await backupsOf(db, organizationId, process.id);
      const settings = await settingsOf(db, organizationId, process.id);
      return { items: rows.map((row) => backupOf(row, recovery().progress(row.id))), recovery_point: recoveryPointOf(rows, settings.rpo_minutes, now()) };
    },
  );

  app.post(
    '/recovery/backups',
    {
      config: { permission: DR.EXECUTE },
      schema: {
        tags,
        summary: 'Backs the process up now: answers the running backup at once (202); GET recovery/backups/{id} tells its progress and result',
        querystring: graphQuery,
        response: { 202: backupSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const { id } = await recovery().start({ id: process.id, organization_id: organizationId, code_name: process.code_name, name: process.name }, 'manual', callerOf(request).user.id);
      const row = (await findBackup(db, organizationId, process.id, id))!;
      return reply.code(202).send(backupOf(row, recovery().progress(id)));
    },
  );

  app.get(
    '/recovery/backups/:id',
    {
      config: { permission: DR.VIEW },
      schema: { tags, summary: 'One backup: its progress while it runs, then its size, duration, checksum and result', params: idParams, querystring: graphQuery, response: { 200: backupSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => {
      const row = await backupOfRequest(request);
      return backupOf(row, recovery().progress(row.id));
    },
  );

  app.post(
    '/recovery/backups/:id/verify',
    {
      config: { permission: DR.EXECUTE },
      schema: {
        tags,
        summary: "Reads the backup's archive and checks it (the archive's SHA-256, every member's against the manifest, decryption) without restoring",
        params: idParams,
        querystring: graphQuery,
        response: {
          200: { type: 'object', properties: { ok: { type: 'boolean' }, result: { type: 'string' }, verified_at: { type: 'string' } } },
          ...problems(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => recovery().verify(await backupOfRequest(request)),
  );

  app.post(
    '/recovery/backups/:id/restore',
    {
      config: { permission: DR.EXECUTE },
      schema: {
        tags,
        summary:
          "Restores the backup into a NEW process ({ code_name, name?, organization_id? }: the caller's organization by default; another one for a Global Admin only, 404 for anyone else), all or nothing; a damaged backup is refused (422), one of a newer format too (422)",
        params: idParams,
        querystring: graphQuery,
        response: {
          201: { type: 'object', properties: { process: { type: 'object', properties: { id: { type: 'string' }, code_name: { type: 'string' }, name: { type: 'string' } } }, counts } },
          ...problems(400, 401, 402, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const row = await backupOfRequest(request);
      const into = parseRestore(request.body);
      const caller = callerOf(request);
      const own = organizationOf(request);
      const organizationId = into.organizationId ?? own;
      const elsewhere = organizationId !== own;
      if (elsewhere) {
        // Another organization: only a Global Admin (who administers every organization) restores
        // there; for anyone else, and for an organization that does not exist, it is not found.
        if (!checkPermission(caller.access, ORGANIZATION.CREATE, caller.context)) throw new ApiProblem(404, RECOVERY_ROUTE_MESSAGES.noOrganization);
        if (!(await findOrganizationById(db, organizationId))) throw new ApiProblem(404, RECOVERY_ROUTE_MESSAGES.noOrganization);
      } else if (!checkPermission(caller.access, PERMISSIONS.processes.CREATE_PROCESS, caller.context)) {
        throw new ApiProblem(403);
      }
      try {
        const result = await recovery().restore(row, {
          organizationId,
          codeName: into.codeName,
          name: into.name,
          // The caller is enrolled as ADMIN of a process of their own organization (an organization
          // admin already administers it); a user is never a member of another organization's.
          enrollUserId: elsewhere || caller.user.roles.includes(ORG_ADMIN) ? undefined : caller.user.id,
        });
        return reply.code(201).send({ process: result.process, counts: result.counts });
      } catch (error) {
        if (error instanceof NewerFormat) throw new ApiProblem(422, error.message);
        if (error instanceof BackupDamaged) throw new ApiProblem(422, RECOVERY_MESSAGES.damaged(error.message));
        throw error;
      }
    },
  );

  app.delete(
    '/recovery/backups/:id',
    {
      config: { permission: DR.DELETE },
      schema: { tags, summary: 'Deletes a backup: its archive in the target and its row (a running one: 409)', params: idParams, querystring: graphQuery, response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      const row = await backupOfRequest(request);
      if (row.status === 'running') throw new ApiProblem(409, RECOVERY_MESSAGES.running);
      await recovery().remove(row);
      return reply.code(204).send();
    },
  );
}
