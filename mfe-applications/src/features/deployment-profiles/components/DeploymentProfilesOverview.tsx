// The app page's 'Deployment profiles' tab: the profiles at a glance, each opening its runtime BOM
// on the RBOM settings page, where they are also managed.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { Empty, QueryView } from '../../../components/QueryStates';
import { history } from '@portal/shared';
import { useDeploymentProfiles } from '../api/getDeploymentProfiles';
import { ProfilesTable } from './ProfilesTable';

export const rbomSettingsPath = (appKey: string, profileId?: string) =>
  `/applications/${encodeURIComponent(appKey)}/rbom-settings${profileId ? `?profile=${encodeURIComponent(profileId)}` : ''}`;

export function DeploymentProfilesOverview({ graph, appKey }: { graph: string; appKey: string }) {
  const profiles = useDeploymentProfiles(graph, appKey);
  return (
    <Stack gap={3}>
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          Where the application is deployed, and what of which build runs there.
        </Text>
        <Button asChild size="sm" variant="outline">
          <Link to={rbomSettingsPath(appKey)}>RBOM settings</Link>
        </Button>
      </HStack>
      <QueryView query={profiles} loading="Loading the deployment profiles…">
        {(list) =>
          list.length === 0 ? (
            <Empty title="No deployment profiles yet" description="Create them on the RBOM settings page." />
          ) : (
            <ProfilesTable profiles={list} openId={null} onOpen={(profile) => history.push(rbomSettingsPath(appKey, profile.id))} />
          )
        }
      </QueryView>
    </Stack>
  );
}
