// Who sees what a reason points at: reading a requirement's compliance needs view=>Requirement only,
// but its reasons name findings, components, files and tasks that have permissions of their own. A
// security finding is shown as the operations family shows it (its category's permission, a cloud's
// view); an SBOM finding, a component or an application needs view=>Application; a document
// view=>Document; a task view=>Task. The others are left out of the answer and counted.
import { checkPermission, PERMISSIONS, type KnownPermissionCheck } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import { sees, visibleFindings } from '../operations/index';
import type { StoredReason } from './reasons';

export type ReasonFilter = (reason: StoredReason) => boolean;

export function reasonFilter(caller: Caller): ReasonFilter {
  const holds = (check: KnownPermissionCheck) => checkPermission(caller.access, check, caller.context);
  const findings = visibleFindings(caller);
  const applications = holds(PERMISSIONS.applications.APPLICATION.VIEW);
  const documents = holds(PERMISSIONS.requirements.DOCUMENT.VIEW);
  const tasks = holds(PERMISSIONS.requirements.TASK.VIEW);
  return (reason) => {
    switch (reason.kind) {
      case 'finding':
      case 'resource':
        return reason.category !== undefined && sees(findings, { category: reason.category, location: reason.provider ? { provider: reason.provider } : null });
      case 'vulnerability':
      case 'component':
      case 'application':
        return applications;
      case 'document':
        return documents;
      case 'task':
        return tasks;
      case 'requirement':
        return true;
    }
  };
}
