// /administration/organization: the organization of the signed-in admin (spec 2.3 admin menu,
// where its entry is hidden): name, edition, trial, the module configuration the Global Admin set
// (read-only here), usage against the limits, and links to the organization's administration.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { QueryView, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { ORGANIZATION_PAGES, SUBSCRIPTION_INFO_PAGE } from '../../../lib/adminPages';
import { LIMITS, limitText, moduleFacts, trialSummary, useSubscription } from '../../../lib/organizations';
import { usePermittedEach } from '../../../lib/permissions';
import { Facts, UsageBars } from '../../../components/display';
import { PageLinks } from '../../../components/PageLinks';

export const OrganizationAdministrationScreen: ScreenComponent = ({ route }) => {
  const subscription = useSubscription();
  const linked = [...ORGANIZATION_PAGES, SUBSCRIPTION_INFO_PAGE];
  const permitted = usePermittedEach(linked.map((page) => page.check));
  const pages = linked.filter((_, index) => permitted[index]);

  return (
    <ScreenFrame route={route}>
      <Stack gap="8" maxW="4xl">
        <QueryView query={subscription} loading="Loading the organization…" noAccessOnForbidden>
          {(data) => (
            <Stack gap="8">
              <Box as="section" aria-label="Organization">
                <Heading as="h2" size="lg" mb="4">
                  {data.organization.name}
                </Heading>
                <Facts
                  label="Organization"
                  items={[
                    { term: 'Edition', value: data.edition },
                    { term: 'Trial', value: trialSummary(data.trial) },
                  ]}
                />
              </Box>
              <Box as="section" aria-label="Module configuration">
                <Heading as="h3" size="md" mb="1">
                  Module configuration
                </Heading>
                <Text fontSize="sm" color="fg.muted" mb="3">
                  Set by the Global Administration; ask your provider to change it.
                </Text>
                <Facts
                  label="Module configuration"
                  items={[
                    ...moduleFacts(data.limits),
                    ...LIMITS.map((limit) => ({ term: `${limit.label} allowed`, value: limitText(data.limits[limit.limit]) })),
                  ]}
                />
              </Box>
              <Box as="section" aria-label="Usage">
                <Heading as="h3" size="md" mb="3">
                  Usage
                </Heading>
                <Stack gap="4" maxW="lg">
                  <UsageBars usage={data.usage} limits={data.limits} />
                </Stack>
              </Box>
            </Stack>
          )}
        </QueryView>
        <Box as="section" aria-label="Administration of the organization">
          <Heading as="h3" size="md" mb="3">
            Administration
          </Heading>
          {pages.length === 0 ? (
            <Text color="fg.muted">No administration page of the organization is open to you.</Text>
          ) : (
            <PageLinks label="Administration of the organization" pages={pages} />
          )}
        </Box>
      </Stack>
    </ScreenFrame>
  );
};
