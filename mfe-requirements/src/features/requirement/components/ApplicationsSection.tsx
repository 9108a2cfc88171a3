// The applications that implement a requirement: listed for everyone who sees it; an author adds
// one of the process's applications or removes one (the traceability matrix shows them).
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading, usePermitted } from '@portal/shared';
import { useId, useState } from 'react';
import { Select } from '@portal/shared/screens';
import { P } from '../../../lib/permissions';
import { LIST_APPLICATION, useProcessApplications } from '../api/getProcessApplications';
import { useRequirementRecords } from '../api/getRequirementRecords';
import { useApplicationLink } from '../api/linkApplication';

export function ApplicationsSection({ graph, id, readOnly }: { graph: string; id: string; readOnly: boolean }) {
  const mayLink = usePermitted(P.UPDATE_REQUIREMENT) && !readOnly;
  const mayListApplications = usePermitted(LIST_APPLICATION);
  const linked = useRequirementRecords(graph, id, 'applications');
  const choices = useProcessApplications(graph, mayLink && mayListApplications);
  const change = useApplicationLink(graph, id);
  const [chosen, setChosen] = useState('');
  const selectId = useId();

  if (linked.isPending) return <Loading label="Loading applications…" />;
  if (linked.error || !linked.data) return <ErrorAlert error={linked.error} onRetry={() => void linked.refetch()} />;
  const linkedIds = new Set(linked.data.map((application) => application.id));
  const available = (choices.data ?? []).filter((application) => !linkedIds.has(application.id));

  return (
    <Stack gap={2}>
      {linked.data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No application implements it yet.
        </Text>
      ) : (
        <Stack as="ul" aria-label="Implementing applications" gap={1} listStyleType="none">
          {linked.data.map((application) => (
            <HStack as="li" key={application.id} gap={2}>
              <Text fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {application.app_key}
                </Text>{' '}
                {application.name !== application.app_key && application.name}
              </Text>
              {mayLink && (
                <Button
                  size="2xs"
                  variant="ghost"
                  aria-label={`Remove ${application.app_key}`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ applicationId: application.id, link: false })}
                >
                  Remove
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {mayLink && mayListApplications && (
        <HStack
          as="form"
          gap={2}
          align="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) change.mutate({ applicationId: chosen, link: true }, { onSuccess: () => setChosen('') });
          }}
        >
          <Stack gap={1}>
            <label htmlFor={selectId}>
              <Text fontSize="sm">Application</Text>
            </label>
            <Select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={choices.isPending || available.length === 0}>
              <option value="">{choices.isPending ? 'Loading…' : available.length === 0 ? 'No other application in the process' : 'Choose an application'}</option>
              {available.map((application) => (
                <option key={application.id} value={application.id}>
                  {application.app_key}
                </option>
              ))}
            </Select>
          </Stack>
          <Button type="submit" size="sm" variant="outline" disabled={!chosen} loading={change.isPending}>
            Add application
          </Button>
        </HStack>
      )}
      {choices.error && <ErrorAlert error={choices.error} onRetry={() => void choices.refetch()} />}
      {change.error && <ErrorAlert error={change.error} />}
    </Stack>
  );
}
