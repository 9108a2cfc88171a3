// What the applications' plane answers: each app with its findings, the risk they suggest, and
// its placement (x risk, y business criticality), or in the unplaced list.
import type { ApplicationPlanes, PlaneApplication } from '@portal/shared/server';
import { severityView } from '../apps/index';
import type { Queryable } from '../db/database';
import { listPlaneRows, place, unplace, type PlaneRow } from './repository';

/** The weight of one finding in the suggested risk, by severity. */
export const RISK_WEIGHTS: Readonly<Record<string, number>> = { CRITICAL: 0.4, HIGH: 0.2, MEDIUM: 0.08, LOW: 0.02 };
/** A finding with an active exploit weighs this much, whatever its severity. */
export const ACTIVE_EXPLOIT_WEIGHT = 0.6;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** 1 − Π (1 − w) over the findings: each finding is a further chance of harm; none is 0. */
export function suggestedRisk(severities: Record<string, number> | null, activeExploits: number): number {
  let safe = (1 - ACTIVE_EXPLOIT_WEIGHT) ** activeExploits;
  for (const [severity, count] of Object.entries(severities ?? {})) safe *= (1 - (RISK_WEIGHTS[severity] ?? 0)) ** count;
  return round3(1 - safe);
}

export function planeApplication(row: PlaneRow): PlaneApplication {
  return {
    id: row.id,
    app_key: row.app_key,
    name: row.name,
    portfolio: row.portfolio,
    vulnerabilities: severityView(row.severities),
    active_exploits: row.active_exploits,
    suggested_risk: suggestedRisk(row.severities, row.active_exploits),
  };
}

export function pointOf(row: PlaneRow) {
  return {
    application: planeApplication(row),
    x: round3(Number(row.risk)),
    y: round3(Number(row.criticality)),
    placed_by: row.placed_by,
    placed_at: new Date(row.placed_at!).toISOString(),
  };
}

export function planesView(rows: readonly PlaneRow[]): ApplicationPlanes {
  return {
    placed: rows.filter((row) => row.risk !== null).map(pointOf),
    unplaced: rows.filter((row) => row.risk === null).map(planeApplication),
  };
}

/** The priority plane of the process's applications. */
export async function planesOf(db: Queryable, organizationId: string, processId: string): Promise<ApplicationPlanes> {
  return planesView(await listPlaneRows(db, organizationId, processId));
}

/** Places the application at (x risk, y business criticality); resolves to its point as placed. */
export async function placeApplication(
  db: Queryable,
  application: { id: string; organization_id: string; process_id: string },
  placement: { x: number; y: number },
  userId: string,
): Promise<ReturnType<typeof pointOf>> {
  await place(db, application.id, placement.x, placement.y, userId);
  const [row] = await listPlaneRows(db, application.organization_id, application.process_id, application.id);
  return pointOf(row);
}

/** Takes the application off the plane. */
export async function unplaceApplication(db: Queryable, applicationId: string): Promise<void> {
  await unplace(db, applicationId);
}
