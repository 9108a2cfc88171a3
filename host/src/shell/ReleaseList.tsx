// The release notes as a list (version label tooltip, Release Notes dialog), with their loading
// and error states: the notes arrive in a chunk of their own.
import { useEffect, useState } from 'react';
import { Box, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { loadReleaseNotes, newestReleases, type Release } from './releaseNotes';

export function ReleaseList({ limit }: { limit?: number }) {
  const [releases, setReleases] = useState<Release[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    loadReleaseNotes().then(
      (loaded) => {
        if (!cancelled) setReleases(limit === undefined ? loaded : newestReleases(loaded, limit));
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [limit]);

  if (failed) return <Text fontSize="sm">The release notes could not be loaded. Please try again later.</Text>;
  if (!releases) {
    return (
      <Flex gap={2} align="center" role="status">
        <Spinner size="xs" />
        <Text fontSize="sm">Loading release notes…</Text>
      </Flex>
    );
  }
  if (releases.length === 0) return <Text fontSize="sm">No release notes yet.</Text>;
  return (
    <Stack gap={3} as="ul" listStyleType="none" data-testid="release-list">
      {releases.map((release) => (
        <li key={release.version}>
          <Text fontWeight="semibold" fontSize="sm">
            {release.version} · {release.title}{' '}
            <Text as="span" fontWeight="normal" color="fg.muted">
              ({release.date})
            </Text>
          </Text>
          <Box as="ul" pl={5} listStyleType="disc" fontSize="sm">
            {release.updates.map((update) => (
              <li key={update}>{update}</li>
            ))}
          </Box>
        </li>
      ))}
    </Stack>
  );
}
