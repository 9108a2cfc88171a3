// One organization as the Global Admin sees it: edition, creation and trial dates, its modules and
// limits, and its usage against the limits.
import { Box, Heading, Stack } from '@chakra-ui/react';
import { formatDate } from '@portal/shared';
import { moduleFacts, type Organization } from '../../../lib/organizations';
import { Facts, UsageBars } from '../../../components/display';
import { trialText } from './OrganizationsTable';

export function OrganizationDetails({ organization }: { organization: Organization }) {
  return (
    <Stack gap="6" maxW="2xl">
      <Facts
        label="Organization"
        items={[
          { term: 'Edition', value: organization.edition },
          { term: 'Created', value: formatDate(organization.created_at) },
          { term: 'Trial ends', value: trialText(organization.trial_ends_at) },
          ...moduleFacts(organization.module_configuration),
        ]}
      />
      <Stack gap="3">
        <Heading as="h3" size="md">
          Usage
        </Heading>
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          <UsageBars usage={organization.usage} limits={organization.module_configuration} />
        </Box>
      </Stack>
    </Stack>
  );
}
