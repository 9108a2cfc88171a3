import { Button, EmptyState, Link, VStack } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { navigate } from '../../navigation/history';

/** Where the subscription can be upgraded (spec 2.1). */
export const SUBSCRIPTIONS_PATH = '/settings/subscriptions';

export interface FeatureNotActivatedProps {
  /** Name of the feature the subscription lacks, shown in the explanation. */
  feature?: string;
  /** Replaces the default action (navigating to the subscription page through the shared history). */
  onUpgrade?: () => void;
  /** Target of the upgrade link when no onUpgrade is given. */
  href?: string;
}

/** Shown where a feature exists but is not part of the organization's subscription. */
export function FeatureNotActivated({ feature, onUpgrade, href = SUBSCRIPTIONS_PATH }: FeatureNotActivatedProps) {
  const subject = feature ? `${feature} is` : 'This feature is';
  return (
    <EmptyState.Root role="alert" size="lg">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title fontSize="2xl" fontWeight="bold">
            Feature not activated
          </EmptyState.Title>
          <EmptyState.Description>
            {subject} not included in your current subscription. Upgrade your subscription to use it.
          </EmptyState.Description>
          {onUpgrade ? (
            <Button colorPalette="brand" onClick={onUpgrade}>
              Upgrade subscription
            </Button>
          ) : (
            <Link
              href={href}
              colorPalette="brand"
              fontWeight="semibold"
              // A plain href would reload the page; the portal routes through its one history.
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                event.preventDefault();
                navigate(href);
              }}
            >
              Upgrade subscription
            </Link>
          )}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
