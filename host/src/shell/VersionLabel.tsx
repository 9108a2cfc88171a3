// The header's version label (spec 2.3, demo-permission users): the running version; hovering or
// focusing it shows a tooltip of the 5 newest releases and their updates (spec 9). Escape or
// leaving closes it. The list arrives with its first opening, in the chunk of the Release Notes
// dialog: the host's first load stays within its budget.
import { lazy, Suspense, useId, useState } from 'react';
import { Box, Button, chakra, Spinner } from '@chakra-ui/react';
import { CLIENT_VERSION } from '@portal/shared';
import { useAuthorization } from '../permissions/Authorization';
import { RELEASES_IN_TOOLTIP } from './releaseNotes';
import { isDemoUser } from './shellAccess';
import { useVersionState } from './versionCheck';

const ReleaseList = lazy(() => import(/* webpackChunkName: "release-list" */ './ReleaseList').then((module) => ({ default: module.ReleaseList })));

export function VersionLabel() {
  const demo = isDemoUser(useAuthorization());
  const { loaded } = useVersionState();
  const [open, setOpen] = useState(false);
  const tooltipId = useId();
  if (!demo) return null;
  const version = loaded ?? CLIENT_VERSION;
  return (
    <Box position="relative" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <Button
        size="xs"
        variant="ghost"
        aria-describedby={open ? tooltipId : undefined}
        aria-expanded={open}
        data-testid="version-label"
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        v{version}
      </Button>
      {open ? (
        <chakra.div
          id={tooltipId}
          role="tooltip"
          position="absolute"
          left={0}
          top="calc(100% + 4px)"
          zIndex="tooltip"
          w="24rem"
          maxH="70vh"
          overflowY="auto"
          p={3}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
        >
          <Suspense fallback={<Spinner size="xs" aria-label="Loading release notes…" />}>
            <ReleaseList limit={RELEASES_IN_TOOLTIP} />
          </Suspense>
        </chakra.div>
      ) : null}
    </Box>
  );
}
