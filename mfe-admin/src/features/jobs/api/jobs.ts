// The Global Admin's job queue calls (issue 27 item 5, docs/jobs.md): GET jobs, read again every
// 10 s while the screen is open; a failed job retried or discarded, after which the list is read
// again before the action counts as done.
import { apiClient, DEFAULT_NOTICE_STATUSES, type JobDeadLetterView, type JobsOverview } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { GLOBAL_ORGANIZATION } from '../../global';

export const jobsKey = ['jobs'] as const;
/** How often the open screen reads the queue again. */
export const JOBS_REFRESH_MS = 10_000;

export function useJobs() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiClient.get<JobsOverview>('jobs', { ...FORBIDDEN_IN_PLACE, signal }),
    refetchInterval: JOBS_REFRESH_MS,
  });
}

/** A failed job of a kind, as the actions name it. */
export interface FailedJob {
  kind: string;
  job: JobDeadLetterView;
}

const pathOf = ({ kind, job }: FailedJob) => `jobs/${encodeURIComponent(kind)}/failed/${encodeURIComponent(job.id)}`;

// A retry is a button on a row, no form to show its refusal in: its POST announces the 'Error'
// notice as the discard's DELETE does (spec 8's POST list leaves most statuses to a form).
const retryJob = (failed: FailedJob) =>
  apiClient.post<void>(`${pathOf(failed)}/retry`, undefined, { permission: GLOBAL_ORGANIZATION.CONFIGURE_MODULES, notices: DEFAULT_NOTICE_STATUSES });
const discardJob = (failed: FailedJob) => apiClient.delete<void>(pathOf(failed), { permission: GLOBAL_ORGANIZATION.CONFIGURE_MODULES });

export const useRetryJob = () => useAdminMutation(retryJob, [jobsKey]);
export const useDiscardJob = () => useAdminMutation(discardJob, [jobsKey]);
