// The requirements a finding concerns, each a link to it in the depository, and for who may triage
// it a dialog to choose them: a search over the process's requirements, checkboxes, Save (the set
// replaced). The API's refusal is shown in the dialog.
import { Box, chakra, Heading, HStack, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { FormDialog, Loading, ErrorAlert } from '@portal/shared';
import { FINDING_REQUIREMENTS_MAX, type FindingRequirementRef } from '@portal/shared/operations';
import { TextField, useDebounced } from '@portal/shared/screens';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLinkRequirements, useRequirementSearch } from '../api/linkRequirements';

function LinkDialog({ graph, findingId, linked, onClose }: { graph: string; findingId: string; linked: FindingRequirementRef[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<Map<string, FindingRequirementRef>>(() => new Map(linked.map((requirement) => [requirement.id, requirement])));
  const [text, setText] = useState('');
  const search = useDebounced(text).trim();
  const found = useRequirementSearch(graph, search);
  const save = useLinkRequirements(graph, findingId);
  const toggle = (requirement: FindingRequirementRef, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(requirement.id, requirement);
      else next.delete(requirement.id);
      return next;
    });
  const shown = [...chosen.values(), ...(found.data?.items ?? []).filter((requirement) => !chosen.has(requirement.id))];
  return (
    <FormDialog
      open
      title="Link requirements"
      onClose={onClose}
      onSubmit={() => save.mutate([...chosen.keys()], { onSuccess: onClose })}
      submitText="Save links"
      busy={save.isPending}
      error={save.error ?? undefined}
      submitDisabled={chosen.size > FINDING_REQUIREMENTS_MAX}
    >
      <Stack gap={3}>
        <TextField label="Find requirements" type="search" value={text} onChange={setText} placeholder="Code or title" enterDoesNotSubmit />
        <Text fontSize="sm" aria-live="polite">
          {chosen.size === 0 ? 'None chosen: saving removes every link.' : `${chosen.size} chosen`}
          {chosen.size > FINDING_REQUIREMENTS_MAX ? ` — at most ${FINDING_REQUIREMENTS_MAX}.` : ''}
        </Text>
        {found.isPending ? (
          <Loading label="Loading requirements…" />
        ) : found.error ? (
          <ErrorAlert error={found.error} onRetry={() => void found.refetch()} />
        ) : shown.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No requirement matches.
          </Text>
        ) : (
          <Stack as="ul" gap={1} listStyleType="none" maxH="18rem" overflowY="auto" aria-label="Requirements">
            {shown.map((requirement) => (
              <li key={requirement.id}>
                <chakra.label display="flex" gap={2} alignItems="baseline" fontSize="sm">
                  <input type="checkbox" checked={chosen.has(requirement.id)} onChange={(event) => toggle(requirement, event.target.checked)} />
                  <span>
                    <strong>{requirement.code}</strong> {requirement.title}
                  </span>
                </chakra.label>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}

export function LinkedRequirements({ graph, findingId, linked, canLink }: { graph: string; findingId: string; linked: FindingRequirementRef[]; canLink: boolean }) {
  const [linking, setLinking] = useState(false);
  return (
    <Box as="section" aria-label="Requirements">
      <HStack justify="space-between" mb={2}>
        <Heading as="h3" size="sm">
          Requirements
        </Heading>
        {canLink && (
          <Button size="xs" variant="outline" onClick={() => setLinking(true)}>
            Link requirements
          </Button>
        )}
      </HStack>
      {linked.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Linked to no requirement.
        </Text>
      ) : (
        <Stack as="ul" gap={1} fontSize="sm" ps={4}>
          {linked.map((requirement) => (
            <li key={requirement.id}>
              <ChakraLink asChild>
                <Link to={`/requirements?id=${encodeURIComponent(requirement.id)}`}>{`${requirement.code} ${requirement.title}`}</Link>
              </ChakraLink>
            </li>
          ))}
        </Stack>
      )}
      {linking && <LinkDialog graph={graph} findingId={findingId} linked={linked} onClose={() => setLinking(false)} />}
    </Box>
  );
}
