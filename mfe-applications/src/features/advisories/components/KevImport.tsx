// Import CISA's catalog of known exploited vulnerabilities (issue 7 item 6): the findings of the
// CVEs it names (directly or as an advisory's alias) are flagged 'active exploit'.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { FileDrop, formatSize, ProgressBar } from '@portal/shared/screens';
import { Figures } from '../../../components/Figures';
import { KEV_ACCEPT } from '../api/importKev';
import { useKevImport } from '../hooks/useKevImport';

export function KevImport() {
  const { state, start, cancel, reset } = useKevImport();
  const importing = state.phase === 'importing';
  return (
    <Stack gap={3}>
      <Text fontSize="sm">
        Import CISA's catalog of known exploited vulnerabilities (<chakra.code>known_exploited_vulnerabilities.json</chakra.code>): findings of
        the CVEs it names are flagged as active exploits.
      </Text>
      <FileDrop label="KEV catalog file" accept={KEV_ACCEPT} disabled={importing} onFiles={([file]) => void start(file)} chooseText="Choose KEV catalog" />
      {state.phase !== 'idle' && (
        <Stack gap={2} role="status" aria-live="polite" aria-label="KEV import">
          <HStack gap={3}>
            <Text fontSize="sm" flexShrink={0}>
              {state.phase === 'importing'
                ? `Importing ${state.file}…`
                : state.phase === 'done'
                  ? `Imported ${state.file}${state.counts.catalogVersion ? ` (catalog version ${state.counts.catalogVersion})` : ''}.`
                  : `${state.file} was not imported.`}
            </Text>
            {state.phase === 'importing' && (
              <Box flex="1">
                <ProgressBar
                  label="KEV import progress"
                  value={state.size ? Math.round((state.sent / state.size) * 100) : 0}
                  valueText={`${formatSize(state.sent)} of ${formatSize(state.size)}`}
                />
              </Box>
            )}
            <Button size="xs" variant="ghost" onClick={importing ? cancel : reset}>
              {importing ? 'Cancel import' : 'Dismiss'}
            </Button>
          </HStack>
          {state.phase === 'done' && (
            <Figures
              label="KEV import result"
              figures={[
                ['Read', state.counts.read],
                ['Added', state.counts.added],
                ['Updated', state.counts.updated],
                ['Invalid', state.counts.invalid],
              ]}
            />
          )}
          {state.phase === 'failed' && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {state.message}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
