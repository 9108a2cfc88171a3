// The profile's shared links: when, by whom, until when, to whom, and whether they still open;
// an active one can be revoked (after a confirmation).
import { Box, Button, chakra, Heading, Text } from '@chakra-ui/react';
import { ConfirmDialog, showSnackbar, type RbomShare } from '@portal/shared';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryStates';
import { formatDate } from '../../../lib/format';
import { problemText } from '../../../lib/problemText';
import { useRbomShares } from '../api/getRbomShares';
import { useRevokeRbomShare } from '../api/revokeRbomShare';

const STATUS: Record<RbomShare['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const Cell = chakra('td', { base: { px: 2, py: 1.5, borderBottomWidth: '1px' } });
const Header = chakra('th', { base: { px: 2, py: 1.5, textAlign: 'start', fontWeight: 'semibold', bg: 'bg.muted' } });

export function SharesList({ graph, appKey, profileId }: { graph: string; appKey: string; profileId: string }) {
  const shares = useRbomShares(graph, appKey, profileId);
  const revoke = useRevokeRbomShare(graph, appKey, profileId);
  const [revoking, setRevoking] = useState<RbomShare | null>(null);
  return (
    <Box>
      <Heading as="h3" size="sm" mb={2}>
        Shared links
      </Heading>
      <QueryView query={shares} loading="Loading the shared links…">
        {(list) =>
          list.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              This runtime BOM was not shared yet.
            </Text>
          ) : (
            <chakra.table width="full" fontSize="sm" aria-label="Shared links" borderWidth="1px">
              <thead>
                <tr>
                  <Header>Shared</Header>
                  <Header>Until</Header>
                  <Header>Mailed to</Header>
                  <Header>Status</Header>
                  <Header />
                </tr>
              </thead>
              <tbody>
                {list.map((share) => (
                  <tr key={share.id}>
                    <Cell>
                      {formatDate(share.created_at)}
                      {share.created_by ? ` by ${share.created_by}` : ''}
                      {share.build ? ` (build ${share.build.number}, ${share.components} components)` : ''}
                    </Cell>
                    <Cell>{formatDate(share.expires_at)}</Cell>
                    <Cell>{share.recipients.join(', ') || '—'}</Cell>
                    <Cell>{STATUS[share.status]}</Cell>
                    <Cell>
                      {share.status === 'active' && (
                        <Button size="xs" variant="outline" onClick={() => setRevoking(share)}>
                          Revoke
                        </Button>
                      )}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </chakra.table>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the link?"
        message={`The link shared ${revoking ? formatDate(revoking.created_at) : ''} will no longer open the runtime BOM.`}
        onYes={() => {
          const share = revoking!;
          setRevoking(null);
          revoke.mutate(share.id, {
            onSuccess: () => showSnackbar('The link was revoked.', 'success'),
            onError: (error) => showSnackbar(`The link could not be revoked: ${problemText(error)}`, 'error'),
          });
        }}
        onNo={() => setRevoking(null)}
      />
    </Box>
  );
}
