// The failed jobs of one kind: when each failed its last attempt, after how many attempts, with
// which error and payload, and the Retry and Discard actions of the Global Admin.
import type { JobDeadLetterView, JobKindView } from '@portal/shared';
import { DataTable, type Column } from '@portal/shared/screens';
import { actionsAtEnd, RowAction } from '../../../components/RowAction';
import type { FailedJob } from '../api/jobs';
import { payloadText } from './jobValues';

export interface FailedJobsTableProps {
  kind: JobKindView;
  /** An action on a failed job runs: the others wait for it. */
  busy: boolean;
  onRetry?: (failed: FailedJob) => void;
  onDiscard?: (failed: FailedJob) => void;
}

const failedAt = (job: JobDeadLetterView) => new Date(job.failed_at).toLocaleString();

export function FailedJobsTable({ kind, busy, onRetry, onDiscard }: FailedJobsTableProps) {
  const columns: Column<JobDeadLetterView>[] = [
    { header: 'Failed at', rowHeader: true, cell: failedAt },
    { header: 'Attempts', align: 'end', cell: (job) => job.attempts },
    { header: 'Error', cell: (job) => job.error },
    { header: 'Payload', cell: (job) => payloadText(job.payload) },
  ];
  if (onRetry || onDiscard) {
    columns.push(
      actionsAtEnd((job: JobDeadLetterView) => (
        <>
          {onRetry && (
            <RowAction label={`Retry the ${kind.kind} job failed at ${failedAt(job)}`} onClick={() => !busy && onRetry({ kind: kind.kind, job })}>
              Retry
            </RowAction>
          )}
          {onDiscard && (
            <RowAction label={`Discard the ${kind.kind} job failed at ${failedAt(job)}`} danger onClick={() => !busy && onDiscard({ kind: kind.kind, job })}>
              Discard
            </RowAction>
          )}
        </>
      )),
    );
  }
  return <DataTable caption={`Failed ${kind.kind} jobs`} columns={columns} rows={kind.dead_letters} rowKey={(job) => job.id} verticalAlign="top" />;
}
