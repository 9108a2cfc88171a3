// Small display pieces of the administration screens: a tag (and the Active/Inactive badge), a
// label/value list, a usage bar and a panel heading that takes the focus when its panel opens (keyboard users land on it).
import { Box, chakra, Heading, HStack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { LIMITS, type ModuleConfiguration, type OrganizationUsage } from '../lib/organizations';

export function Tag({ children, palette = 'gray' }: { children: ReactNode; palette?: 'gray' | 'brand' | 'orange' | 'green' | 'red' }) {
  return (
    <chakra.span
      colorPalette={palette}
      display="inline-block"
      px="2"
      py="0.5"
      borderRadius="full"
      fontSize="xs"
      fontWeight="medium"
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      whiteSpace="nowrap"
    >
      {children}
    </chakra.span>
  );
}

/** A status label: 'good' (e.g. Active) or 'muted' (e.g. Inactive). */
export function Badge({ tone, children }: { tone: 'good' | 'muted'; children: ReactNode }) {
  return <Tag palette={tone === 'good' ? 'green' : 'gray'}>{children}</Tag>;
}

export function Facts({ label, items }: { label: string; items: readonly { term: string; value: ReactNode }[] }) {
  return (
    <chakra.dl aria-label={label} display="grid" gridTemplateColumns="max-content 1fr" columnGap="6" rowGap="2" fontSize="sm">
      {items.map((item) => (
        <chakra.div key={item.term} display="contents">
          <chakra.dt color="fg.muted">{item.term}</chakra.dt>
          <chakra.dd m="0">{item.value}</chakra.dd>
        </chakra.div>
      ))}
    </chakra.dl>
  );
}

/** A usage bar for each counted resource (see LIMITS), laid out by the caller. */
export function UsageBars({ usage, limits }: { usage: OrganizationUsage; limits: Pick<ModuleConfiguration, (typeof LIMITS)[number]['limit']> }) {
  return LIMITS.map((limit) => <UsageBar key={limit.limit} label={limit.label} used={usage[limit.usage]} limit={limits[limit.limit]} />);
}

/** Usage against a limit as a bar; an unlimited resource has no bar, only its count. */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const unlimited = limit < 0;
  const percent = unlimited ? 0 : limit === 0 ? (used > 0 ? 100 : 0) : Math.min(100, Math.round((used / limit) * 100));
  const full = !unlimited && used >= limit;
  return (
    <Box>
      <HStack justify="space-between" fontSize="sm" mb="1">
        <Text fontWeight="medium">{label}</Text>
        <Text color={full ? 'fg.error' : 'fg.muted'}>{unlimited ? `${used} of Unlimited` : `${used} of ${limit}`}</Text>
      </HStack>
      {!unlimited && (
        <Box
          role="progressbar"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${used} of ${limit}`}
          height="2"
          borderRadius="full"
          bg="bg.muted"
          overflow="hidden"
        >
          <Box height="full" width={`${percent}%`} bg={full ? 'red.500' : 'brand.500'} />
        </Box>
      )}
    </Box>
  );
}

/**
 * The heading of a panel of a screen; it takes the focus when the panel opens after a user's
 * action (not on the screen's first render), so keyboard and screen-reader users land on it.
 */
export function PanelHeading({ children, focusOnOpen = true }: { children: ReactNode; focusOnOpen?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Read once: the focus moves only when the panel opens, not when the prop changes later.
  const focusWhenOpened = useRef(focusOnOpen);
  useEffect(() => {
    if (focusWhenOpened.current) ref.current?.focus();
  }, []);
  return (
    <Heading as="h2" size="lg" mb="4" ref={ref} tabIndex={-1} _focus={{ outline: 'none' }}>
      {children}
    </Heading>
  );
}
