// An app's deployment profiles: environment, build deployed, what is left out, last change; a
// profile's name opens its RBOM; Change and Delete for those who may.
import { Button, chakra, HStack, Text } from '@chakra-ui/react';
import type { DeploymentProfileView } from '@portal/shared';
import { BuildStatusBadge } from '../../../components/labels';
import { formatDate, plural } from '../../../lib/format';
import type { BuildStatus } from '../../../lib/types';
import { environmentLabel } from './ProfileFormDialog';

export interface ProfilesTableProps {
  profiles: readonly DeploymentProfileView[];
  openId: string | null;
  onOpen: (profile: DeploymentProfileView) => void;
  onChange?: (profile: DeploymentProfileView) => void;
  onDelete?: (profile: DeploymentProfileView) => void;
}

const Cell = chakra('td', { base: { px: 2, py: 2, borderBottomWidth: '1px', verticalAlign: 'middle' } });
const Header = chakra('th', { base: { px: 2, py: 2, textAlign: 'start', fontWeight: 'semibold', bg: 'bg.muted' } });

export function ProfilesTable({ profiles, openId, onOpen, onChange, onDelete }: ProfilesTableProps) {
  return (
    <chakra.div overflowX="auto" borderWidth="1px" borderRadius="md">
      <chakra.table width="full" fontSize="sm" aria-label="Deployment profiles">
        <thead>
          <tr>
            <Header>Profile</Header>
            <Header>Environment</Header>
            <Header>Build deployed</Header>
            <Header>Not deployed</Header>
            <Header>Changed</Header>
            {(onChange || onDelete) && <Header>Actions</Header>}
          </tr>
        </thead>
        <tbody>
          {profiles.map((profile) => (
            <chakra.tr key={profile.id} bg={profile.id === openId ? 'bg.emphasized' : undefined} aria-current={profile.id === openId ? 'true' : undefined}>
              <Cell>
                <chakra.button type="button" fontWeight="semibold" textDecoration="underline" onClick={() => onOpen(profile)}>
                  {profile.name}
                </chakra.button>
                {profile.description && (
                  <Text color="fg.muted" fontSize="xs" lineClamp={1}>
                    {profile.description}
                  </Text>
                )}
              </Cell>
              <Cell>{environmentLabel(profile.environment)}</Cell>
              <Cell>
                {profile.build ? (
                  <HStack gap={2}>
                    <span>Build {profile.build.number}</span>
                    {profile.build.status !== 'DONE' && <BuildStatusBadge status={profile.build.status as BuildStatus} />}
                  </HStack>
                ) : (
                  <Text color="fg.muted">none attached</Text>
                )}
              </Cell>
              <Cell>
                {profile.exclude.length === 0 && profile.include_types.length === 0
                  ? 'nothing left out'
                  : [profile.exclude.length > 0 ? plural(profile.exclude.length, 'pattern') : null, profile.include_types.length > 0 ? `types: ${profile.include_types.join(', ')}` : null]
                      .filter(Boolean)
                      .join('; ')}
              </Cell>
              <Cell>
                {formatDate(profile.updated_at)}
                {profile.updated_by ? ` by ${profile.updated_by}` : ''}
              </Cell>
              {(onChange || onDelete) && (
                <Cell>
                  <HStack gap={1}>
                    {onChange && (
                      <Button size="xs" variant="outline" onClick={() => onChange(profile)} aria-label={`Change ${profile.name}`}>
                        Change
                      </Button>
                    )}
                    {onDelete && (
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(profile)} aria-label={`Delete ${profile.name}`}>
                        Delete
                      </Button>
                    )}
                  </HStack>
                </Cell>
              )}
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </chakra.div>
  );
}
