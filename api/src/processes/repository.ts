import type { Queryable } from '../db/database';

import type { DashboardType, ProcessType } from '@portal/shared/server';

export type { DashboardType, ProcessType };

export interface ProcessRecord {
  id: string;
  organization_id: string;
  code_name: string;
  name: string;
  type: ProcessType;
  dashboard_type: DashboardType;
}

export type NewProcess = Omit<ProcessRecord, 'id' | 'organization_id'>;

const COLUMNS = 'id, organization_id, code_name, name, type, dashboard_type';

export async function listProcesses(db: Queryable, organizationId: string): Promise<ProcessRecord[]> {
  return db.query<ProcessRecord>(
    `SELECT ${COLUMNS} FROM processes WHERE organization_id = $1 ORDER BY lower(code_name)`,
    [organizationId],
  );
}

/** The organization's process with that code name (any case), created when absent. */
export async function ensureProcess(
  db: Queryable,
  organizationId: string,
  process: NewProcess,
): Promise<{ process: ProcessRecord; created: boolean }> {
  const [inserted] = await db.query<ProcessRecord>(
    `INSERT INTO processes (organization_id, code_name, name, type, dashboard_type)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organization_id, lower(code_name)) DO NOTHING
     RETURNING ${COLUMNS}`,
    [organizationId, process.code_name, process.name, process.type, process.dashboard_type],
  );
  if (inserted) return { process: inserted, created: true };
  const [existing] = await db.query<ProcessRecord>(
    `SELECT ${COLUMNS} FROM processes WHERE organization_id = $1 AND lower(code_name) = lower($2)`,
    [organizationId, process.code_name],
  );
  if (!existing) throw new Error(`Process '${process.code_name}' vanished while being ensured.`);
  return { process: existing, created: false };
}
