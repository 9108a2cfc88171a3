// The permission strings the operations screens check to hide actions, from the catalogue, as the
// API checks them (docs/operations-findings.md, "Permissions"): uploading a scanner's file is
// scanning an application, a triage decision is analysing it.
import { PERMISSIONS } from '@portal/shared/permissions';

const { applications, modules, operations, processes } = PERMISSIONS;

export const OPERATIONS_PERMISSIONS = {
  UPLOAD_FINDINGS: applications.APPLICATION.SCAN,
  TRIAGE_FINDINGS: applications.APPLICATION.ANALYZE,
  LIST_APPLICATION: applications.APPLICATION.LIST,
  /** The categories each holds: code (SAST, secrets), IaC and containers, cloud findings. */
  CODE_FINDINGS: modules.USE_REPOSITORY_ANALYSIS,
  IAC_FINDINGS: modules.USE_COMPLIANCE,
  VIEW_AWS: operations.VIEW_AWS,
  /** The cloud screens show the organization's modules, and sync one, with these. */
  LIST_SERVICE_MODULE: operations.SERVICE_MODULE.LIST,
  UPDATE_SERVICE_MODULE: operations.SERVICE_MODULE.UPDATE,
  /** The metrics screen (its route's guard: list and view). */
  VIEW_METRICS: { all: [operations.METRIC.LIST, operations.METRIC.VIEW] },
  /** Alarms (issue 25): their list, one alarm, and the changes. */
  LIST_ALARM: operations.ALARM.LIST,
  VIEW_ALARM: operations.ALARM.VIEW,
  CREATE_ALARM: operations.ALARM.CREATE,
  UPDATE_ALARM: operations.ALARM.UPDATE,
  DELETE_ALARM: operations.ALARM.DELETE,
  /** The process's SLA for its findings is a setting of the process. */
  UPDATE_PROCESS: processes.UPDATE_PROCESS,
  VIEW_AZURE: operations.VIEW_AZURE,
} as const;
