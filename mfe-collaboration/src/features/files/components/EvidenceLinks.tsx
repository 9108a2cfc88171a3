// The requirements a document is evidence for (issue 23 item 8): listed with their code; those who
// may upload link another requirement of the process (found by code or title) or remove one.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, usePermitted, type RequirementRef } from '@portal/shared';
import { useDebounced } from '@portal/shared/screens';
import { useId, useState } from 'react';
import { DOCUMENT_PERMISSIONS } from '../api/keys';
import { useLinkRequirement } from '../api/linkRequirement';
import { LIST_REQUIREMENT, useRequirementSearch } from '../api/searchRequirements';

export function EvidenceLinks({ graph, id, requirements }: { graph: string; id: string; requirements: readonly RequirementRef[] }) {
  const mayLink = usePermitted(DOCUMENT_PERMISSIONS.UPLOAD);
  const mayList = usePermitted(LIST_REQUIREMENT);
  const change = useLinkRequirement(graph, id);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 250);
  const found = useRequirementSearch(graph, debounced, mayLink && mayList);
  const searchId = useId();
  const linked = new Set(requirements.map((requirement) => requirement.id));
  const choices = (found.data?.items ?? []).filter((requirement) => !linked.has(requirement.id));
  return (
    <Stack gap={2}>
      {requirements.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Not evidence for any requirement yet.
        </Text>
      ) : (
        <Stack as="ul" aria-label="Evidence for" gap={1} listStyleType="none">
          {requirements.map((requirement) => (
            <HStack as="li" key={requirement.id} gap={2}>
              <Text fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {requirement.code}
                </Text>{' '}
                {requirement.title}
              </Text>
              {mayLink && (
                <Button size="2xs" variant="ghost" aria-label={`Remove ${requirement.code}`} disabled={change.isPending} onClick={() => change.mutate({ requirementId: requirement.id, linked: false })}>
                  Remove
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {mayLink && mayList && (
        <Stack gap={1}>
          <label htmlFor={searchId}>
            <Text fontSize="sm">Link a requirement</Text>
          </label>
          <Input id={searchId} size="sm" value={search} placeholder="Code or title" onChange={(event) => setSearch(event.target.value)} />
          {choices.length > 0 && (
            <Stack as="ul" aria-label="Requirements found" gap={1} listStyleType="none">
              {choices.map((requirement) => (
                <HStack as="li" key={requirement.id} gap={2}>
                  <Button size="2xs" variant="outline" aria-label={`Link ${requirement.code}`} disabled={change.isPending} onClick={() => change.mutate({ requirementId: requirement.id, linked: true }, { onSuccess: () => setSearch('') })}>
                    Link
                  </Button>
                  <Text fontSize="sm">
                    {requirement.code} {requirement.title}
                  </Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      )}
      {change.error && <ErrorAlert error={change.error} />}
    </Stack>
  );
}
