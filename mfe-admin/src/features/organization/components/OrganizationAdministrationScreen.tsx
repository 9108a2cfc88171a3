// /administration/organization: the organization of the signed-in admin (spec 2.3 admin menu,
// where its entry is hidden; spec 6 organization manage): name, edition, trial; the name, contacts
// and default notification settings its admin manages; the module configuration the Global Admin
// set (read-only here), usage against the limits, and links to the organization's administration.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { QueryView, ScreenFrame, useSession, type OrganizationSettings, type ScreenComponent } from '@portal/shared';
import { ORGANIZATION_PAGES, SUBSCRIPTION_INFO_PAGE } from '../../../lib/adminPages';
import { LIMITS, limitText, moduleFacts, trialSummary, useSubscription, type Subscription } from '../../../lib/organizations';
import { usePermittedEach } from '../../../lib/permissions';
import { Facts, UsageBars } from '../../../components/display';
import { PageLinks } from '../../../components/PageLinks';
import { useOrganizationSettings } from '../api/getOrganizationSettings';
import { useLiveOrganization } from '../api/useLiveOrganization';
import { NotificationDefaultsForm } from './NotificationDefaultsForm';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';

/** The parts the organization admin manages; each form starts again from what the API answers after a save. */
function ManagedSettings({ organizationId }: { organizationId: string }) {
  const settings = useOrganizationSettings(organizationId);
  return (
    <QueryView query={settings} loading="Loading the organization's settings…" noAccessOnForbidden reserve="42rem">
      {(data: OrganizationSettings) => (
        <Stack gap="8">
          <Box as="section" aria-labelledby="organization-details-heading">
            <Heading as="h3" size="md" mb="3" id="organization-details-heading">
              Name and contacts
            </Heading>
            <OrganizationDetailsForm key={JSON.stringify([data.name, data.contacts])} settings={data} />
          </Box>
          <Box as="section" aria-labelledby="notification-defaults-heading">
            <Heading as="h3" size="md" mb="3" id="notification-defaults-heading">
              Default notification settings
            </Heading>
            <NotificationDefaultsForm key={JSON.stringify(data.notification_settings)} settings={data} />
          </Box>
        </Stack>
      )}
    </QueryView>
  );
}

/** The module configuration the Global Admin set (read-only: spec 6's module view) and the usage against it. */
function ModuleView({ subscription: data }: { subscription: Subscription }) {
  return (
    <Stack gap="8">
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
  );
}

export const OrganizationAdministrationScreen: ScreenComponent = ({ route }) => {
  const subscription = useSubscription();
  const organizationId = useSession((state) => state.session?.organization?.id ?? null);
  useLiveOrganization(organizationId);
  const linked = [...ORGANIZATION_PAGES, SUBSCRIPTION_INFO_PAGE];
  const permitted = usePermittedEach(linked.map((page) => page.check));
  const pages = linked.filter((_, index) => permitted[index]);

  return (
    <ScreenFrame route={route}>
      <Stack gap="8" maxW="4xl">
        {/* The links first: they need no data, and nothing loading above them moves them (issue 26 item 21). */}
        <Box as="section" aria-label="Administration of the organization">
          <Heading as="h2" size="md" mb="3">
            Administration
          </Heading>
          {pages.length === 0 ? (
            <Text color="fg.muted">No administration page of the organization is open to you.</Text>
          ) : (
            <PageLinks label="Administration of the organization" pages={pages} />
          )}
        </Box>
        <QueryView query={subscription} loading="Loading the organization…" noAccessOnForbidden reserve="7rem">
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
            </Stack>
          )}
        </QueryView>
        {organizationId && <ManagedSettings organizationId={organizationId} />}
        {/* The module view: what the read above answered (its loading and refusal show there). */}
        {subscription.data && <ModuleView subscription={subscription.data} />}
      </Stack>
    </ScreenFrame>
  );
};
