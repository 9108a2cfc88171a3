// Import OSV advisories from the UI (issue 7 item 5): single .json files, a whole folder of them,
// or the .zip exports OSV publishes per ecosystem; the progress over every file, then what the
// database made of them (added, updated, unchanged, withdrawn …) and the problems met.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { FileDrop, formatSize, ProgressBar } from '@portal/shared/screens';
import { Figures } from '../../../components/Figures';
import { plural } from '../../../lib/format';
import { ADVISORY_ACCEPT } from '../api/importAdvisories';
import { useAdvisoryImport, type AdvisoryImportState } from '../hooks/useAdvisoryImport';

const PROBLEMS_SHOWN = 20;

function Counts({ state }: { state: AdvisoryImportState }) {
  const { counts } = state;
  const figures: Array<[string, number]> = [
    ['Read', counts.read],
    ['Added', counts.added],
    ['Updated', counts.updated],
    ['Unchanged', counts.unchanged],
    ['Withdrawn (skipped)', counts.withdrawn],
    ['Removed', counts.removed],
    ['Invalid', counts.invalid],
  ];
  return <Figures label="Import result" figures={figures} />;
}

export function AdvisoryImport() {
  const { state, start, cancel, reset } = useAdvisoryImport();
  const importing = state.phase === 'importing';
  // The API's own problems name the file already.
  const problems = [...state.failures.map(({ file, message }) => (message.startsWith(file) ? message : `${file}: ${message}`)), ...state.counts.problems];
  return (
    <Stack gap={3}>
      <Text fontSize="sm">
        Import OSV advisories (for example GitHub's advisory database): single <chakra.code>.json</chakra.code> records, a folder of them, or
        an ecosystem's <chakra.code>.zip</chakra.code> export. Every app's latest build is matched against them again.
      </Text>
      <FileDrop label="Advisory files" accept={ADVISORY_ACCEPT} multiple folders disabled={importing} onFiles={(files) => void start(files)} chooseText="Choose files" />
      {state.phase !== 'idle' && (
        <Stack gap={2} role="status" aria-live="polite">
          <HStack gap={3}>
            <Text fontSize="sm" flexShrink={0}>
              {importing
                ? `Importing ${state.finished} of ${plural(state.files, 'file')}…`
                : state.phase === 'cancelled'
                  ? `Import cancelled after ${state.finished} of ${plural(state.files, 'file')}.`
                  : `Imported ${plural(state.files, 'file')}.`}
            </Text>
            <Box flex="1">
              <ProgressBar
                label="Advisory import progress"
                value={state.size ? Math.round((state.sent / state.size) * 100) : state.phase === 'done' ? 100 : 0}
                valueText={`${formatSize(state.sent)} of ${formatSize(state.size)}`}
              />
            </Box>
            {importing ? (
              <Button size="xs" variant="ghost" onClick={cancel}>
                Cancel import
              </Button>
            ) : (
              <Button size="xs" variant="ghost" onClick={reset}>
                Dismiss
              </Button>
            )}
          </HStack>
          {state.skipped > 0 && (
            <Text fontSize="xs" color="fg.muted">
              {plural(state.skipped, 'file')} of the selection left out (not .json or .zip).
            </Text>
          )}
          {!importing && <Counts state={state} />}
          {!importing && problems.length > 0 && (
            <Box>
              <Text fontSize="sm" fontWeight="semibold" color="fg.error">
                {plural(problems.length, 'problem')}
              </Text>
              <chakra.ul ps={5} listStyleType="disc" fontSize="sm" aria-label="Import problems">
                {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                  <li key={index}>{problem}</li>
                ))}
                {problems.length > PROBLEMS_SHOWN && <li>and {problems.length - PROBLEMS_SHOWN} more</li>}
              </chakra.ul>
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}
