// The head of an app's page: what the app is (name, key, portfolio, process, monitoring), its
// findings by severity in the latest build, and the changes the user may make to it.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { usePermitted } from '@portal/shared';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SeverityCountsView } from '../../../components/labels';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { applicationPath } from '../../../lib/graph';
import type { ApplicationRecord, SeverityCounts } from '../../../lib/types';
import { ApplicationFormDialog } from './ApplicationFormDialog';
import { ApplicationSettingsDialog } from './ApplicationSettingsDialog';
import { DeleteApplicationDialog } from './DeleteApplicationDialog';

const P = APPLICATION_PERMISSIONS;

export const NO_PROCESSED_BUILD = 'None yet: findings are counted once an SBOM is uploaded and processed.';

export interface ApplicationHeaderProps {
  graph: string;
  /** `builds`, when given: with no build processed (DONE) yet, there are no findings to count. */
  application: ApplicationRecord & { vulnerabilities: SeverityCounts; builds?: ReadonlyArray<{ status: string }> };
  platformView: boolean;
  /** More actions of other features (clear SBOMs …), after the app's own. */
  actions?: ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <chakra.dt fontSize="xs" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd fontSize="sm" fontWeight="medium">
        {children}
      </chakra.dd>
    </Box>
  );
}

export function ApplicationHeader({ graph, application, platformView, actions }: ApplicationHeaderProps) {
  const navigate = useNavigate();
  const mayUpdate = usePermitted(P.UPDATE) && !platformView;
  const mayDelete = usePermitted(P.DELETE) && !platformView;
  const [editing, setEditing] = useState(false);
  const [settings, setSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap={3}>
      <HStack justify="space-between" align="start" flexWrap="wrap" gap={4}>
        <chakra.dl display="flex" gap={6} flexWrap="wrap">
          <Fact label="Name">{application.name}</Fact>
          <Fact label="App key">{application.app_key}</Fact>
          <Fact label="Portfolio">{application.portfolio ?? '—'}</Fact>
          <Fact label="Process">{application.process}</Fact>
          <Fact label="Continuous monitoring">{application.enable_continuous_monitoring ? 'On' : 'Off'}</Fact>
        </chakra.dl>
        <HStack gap={2} flexWrap="wrap">
          {mayUpdate && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {!platformView && (
            <Button size="sm" variant="outline" onClick={() => setSettings(true)}>
              Settings
            </Button>
          )}
          {actions}
          {mayDelete && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          )}
        </HStack>
      </HStack>
      <Box>
        <Text fontSize="xs" color="fg.muted" mb={1}>
          Findings of the latest build
        </Text>
        {application.builds && !application.builds.some((build) => build.status === 'DONE') ? (
          <Text fontSize="sm">{NO_PROCESSED_BUILD}</Text>
        ) : (
          <SeverityCountsView counts={application.vulnerabilities} label={`Findings of ${application.app_key} by severity`} />
        )}
      </Box>
      <ApplicationFormDialog
        graph={graph}
        open={editing}
        application={application}
        onClose={() => setEditing(false)}
        onSaved={(saved, previousKey) => {
          if (saved.app_key !== previousKey) navigate(applicationPath(saved.app_key), { replace: true });
        }}
      />
      <ApplicationSettingsDialog graph={graph} application={settings ? application : null} onClose={() => setSettings(false)} />
      <DeleteApplicationDialog graph={graph} application={deleting ? application : null} onClose={() => setDeleting(false)} onDeleted={() => navigate('/applications')} />
    </Stack>
  );
}
