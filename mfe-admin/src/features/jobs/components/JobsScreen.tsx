// /administration/global/jobs (issue 27 item 5, docs/jobs.md): the installation's background jobs
// for the Global Admin — per kind its queued, running and failed jobs and the last hour's
// completed jobs with their average and longest run; under it the failed jobs of each kind with
// their error, retried or discarded (after a confirmation). Read again every 10 s while open.
import { Stack, Text } from '@chakra-ui/react';
import { Empty, QueryView, ScreenFrame, showSnackbar, usePermitted, type JobKindView, type ScreenComponent } from '@portal/shared';
import { DataTable, type Column } from '@portal/shared/screens';
import { useState } from 'react';
import { AdminSection, ConfirmAction, ScreenIntro } from '../../../components/sections';
import { GLOBAL_ORGANIZATION } from '../../global';
import { useDiscardJob, useJobs, useRetryJob, type FailedJob } from '../api/jobs';
import { FailedJobsTable } from './FailedJobsTable';
import { durationText } from './jobValues';

const KIND_COLUMNS: Column<JobKindView>[] = [
  { header: 'Kind', rowHeader: true, cell: (kind) => kind.kind },
  { header: 'Queued', align: 'end', cell: (kind) => kind.queued },
  { header: 'Running', align: 'end', cell: (kind) => kind.running },
  { header: 'Failed', align: 'end', cell: (kind) => kind.failed },
  { header: 'Completed (last hour)', align: 'end', cell: (kind) => kind.completed_last_hour },
  { header: 'Average duration', align: 'end', cell: (kind) => durationText(kind.average_seconds, kind.completed_last_hour) },
  { header: 'Longest duration', align: 'end', cell: (kind) => durationText(kind.max_seconds, kind.completed_last_hour) },
];

export const JobsScreen: ScreenComponent = ({ route }) => {
  const jobs = useJobs();
  const mayAct = usePermitted(GLOBAL_ORGANIZATION.CONFIGURE_MODULES);
  const retry = useRetryJob();
  const discard = useDiscardJob();
  const [discarding, setDiscarding] = useState<FailedJob | null>(null);

  const retryJob = (failed: FailedJob) =>
    retry.mutate(failed, { onSuccess: () => showSnackbar(`The ${failed.kind} job is queued again.`, 'success') });
  const confirmDiscard = () => {
    if (!discarding) return;
    const failed = discarding;
    discard.mutate(failed, {
      onSuccess: () => {
        showSnackbar(`The failed ${failed.kind} job is discarded.`, 'success');
        setDiscarding(null);
      },
    });
  };

  return (
    <ScreenFrame route={route}>
      <ScreenIntro action={false}>The installation&apos;s background jobs in every worker process, read again every 10 seconds.</ScreenIntro>
      <QueryView query={jobs} loading="Loading background jobs…" noAccessOnForbidden>
        {({ kinds }) => {
          const failing = kinds.filter((kind) => kind.dead_letters.length > 0);
          return (
            <Stack gap="8">
              <AdminSection id="job-kinds" title="Kinds of job" headingMb="3">
                <DataTable caption="Kinds of job" captionHidden columns={KIND_COLUMNS} rows={kinds} rowKey={(kind) => kind.kind} />
              </AdminSection>
              <AdminSection id="failed-jobs" title="Failed jobs" headingMb="3">
                {failing.length === 0 ? (
                  <Empty title="No failed jobs" description="Every job that ran either completed or will be retried." />
                ) : (
                  <Stack gap="6">
                    {failing.map((kind) => (
                      <Stack key={kind.kind} gap="2">
                        <FailedJobsTable
                          kind={kind}
                          busy={retry.isPending || discard.isPending}
                          onRetry={mayAct ? retryJob : undefined}
                          onDiscard={
                            mayAct
                              ? (failed) => {
                                  discard.reset();
                                  setDiscarding(failed);
                                }
                              : undefined
                          }
                        />
                        {kind.failed > kind.dead_letters.length && (
                          <Text fontSize="sm" color="fg.muted">
                            The latest {kind.dead_letters.length} of {kind.failed} failed {kind.kind} jobs.
                          </Text>
                        )}
                      </Stack>
                    ))}
                  </Stack>
                )}
              </AdminSection>
            </Stack>
          );
        }}
      </QueryView>
      <ConfirmAction
        open={discarding !== null}
        title="Discard failed job"
        yesText="Discard"
        mutation={discard}
        onYes={confirmDiscard}
        onNo={() => setDiscarding(null)}
      >
        The failed {discarding?.kind} job will be removed and never run again.
      </ConfirmAction>
    </ScreenFrame>
  );
};
