// Upload an SBOM as a new build (issue 7 item 2): a file picked or dropped, its bytes' progress,
// then the build's processing on the server followed until it is done (with its figures and a
// link to open it) or failed (with the reason); a refused upload says why (413 too large, 400
// with the paths of the schema violations).
import { Box, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { FileDrop, ProgressBar, UploadProgress } from '@portal/shared/screens';
import { BuildStatusBadge } from '../../../components/labels';
import { ErrorAlert } from '../../../components/QueryStates';
import { plural } from '../../../lib/format';
import { SBOM_ACCEPT } from '../api/uploadSbom';
import { useSbomUpload } from '../hooks/useSbomUpload';

export interface SbomUploadProps {
  graph: string;
  appKey: string;
  /** Where a processed build opens (the build view of the app page). */
  buildPath: (buildId: string) => string;
}

export function SbomUpload({ graph, appKey, buildPath }: SbomUploadProps) {
  const { state, build, start, cancel, dismiss } = useSbomUpload(graph, appKey);
  const sending = state.phase === 'uploading';
  return (
    <Stack gap={3} as="section" aria-label="Upload an SBOM">
      <FileDrop
        label="SBOM file"
        accept={SBOM_ACCEPT}
        disabled={sending}
        onFiles={([file]) => start(file)}
        chooseText="Upload SBOM"
        hint="CycloneDX 1.2–1.6 (JSON or XML) or SPDX 2.3 JSON, optionally gzip-compressed; at most 64 MiB. Each upload becomes a new build."
      />
      {state.phase === 'uploading' && <UploadProgress title={`Uploading ${state.fileName}`} label="Upload progress" progress={state.progress} onCancel={cancel} />}
      {state.phase === 'accepted' && build && (
        <Box borderWidth="1px" borderRadius="md" p={3} role="status" aria-live="polite">
          <HStack gap={2} mb={build.status === 'DONE' || build.status === 'FAILED' ? 0 : 2} flexWrap="wrap">
            <Text fontSize="sm" fontWeight="semibold">
              Build #{build.number} from {state.fileName}
            </Text>
            <BuildStatusBadge status={build.status} />
            {build.status === 'DONE' && (
              <>
                <Text fontSize="sm">
                  {plural(build.component_count, 'component')}, {plural(build.vulnerability_count, 'vulnerability', 'vulnerabilities')}.
                </Text>
                <ChakraLink asChild colorPalette="blue" fontSize="sm">
                  <Link to={buildPath(build.id)}>Open build #{build.number}</Link>
                </ChakraLink>
              </>
            )}
            <Button size="xs" variant="ghost" ms="auto" onClick={dismiss}>
              Dismiss
            </Button>
          </HStack>
          {(build.status === 'PENDING' || build.status === 'PROCESSING') && (
            <ProgressBar label="Processing progress" valueText={build.status === 'PENDING' ? 'Waiting to be processed' : 'Matching components against advisories'} />
          )}
          {build.status === 'FAILED' && <ErrorAlert error={new Error(build.error ?? 'The SBOM could not be processed.')} title={`Build #${build.number} failed`} />}
        </Box>
      )}
      {state.phase === 'refused' && (
        <Stack gap={2}>
          <ErrorAlert error={state.error} title={`${state.fileName} was not accepted`} />
          <Box>
            <Button size="xs" variant="ghost" onClick={dismiss}>
              Dismiss
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
