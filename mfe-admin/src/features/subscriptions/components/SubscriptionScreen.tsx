// /settings/subscriptions (Subscription Info, user menu when the subscription may be viewed): the
// organization's edition, its modules and limits, usage against each limit, and the 14-day trial
// with its end date (or 'No trial'), from GET organizations/subscription.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { QueryView, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { moduleFacts, trialSummary, useSubscription } from '../../../lib/organizations';
import { Facts, Tag, UsageBars } from '../../../components/display';

export const SubscriptionScreen: ScreenComponent = ({ route }) => {
  const subscription = useSubscription();
  return (
    <ScreenFrame route={route}>
      <QueryView query={subscription} loading="Loading the subscription…" noAccessOnForbidden>
        {(data) => (
          <Stack gap="8" maxW="3xl">
            <Box as="section" aria-label="Subscription">
              <Heading as="h2" size="lg" mb="4">
                {data.organization.name}
              </Heading>
              <Facts
                label="Subscription"
                items={[
                  { term: 'Edition', value: data.edition },
                  {
                    term: 'Trial',
                    value: (
                      <>
                        {trialSummary(data.trial)}{' '}
                        {data.trial && !data.trial.active && <Tag palette="red">Ended</Tag>}
                      </>
                    ),
                  },
                  ...moduleFacts(data.limits),
                ]}
              />
            </Box>
            <Box as="section" aria-label="Limits and usage">
              <Heading as="h3" size="md" mb="1">
                Limits and usage
              </Heading>
              <Text fontSize="sm" color="fg.muted" mb="4">
                What the organization uses of what its subscription allows.
              </Text>
              <Stack gap="5" maxW="lg">
                <UsageBars usage={data.usage} limits={data.limits} />
              </Stack>
            </Box>
          </Stack>
        )}
      </QueryView>
    </ScreenFrame>
  );
};
