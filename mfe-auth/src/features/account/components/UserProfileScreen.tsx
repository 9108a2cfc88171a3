import { Box, Text } from '@chakra-ui/react';
import { ScreenFrame, useSession, type ScreenComponent } from '@portal/shared';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';

/** /settings/user-profile: who the session says the user is, and their notification preferences. */
export const UserProfileScreen: ScreenComponent = ({ route }) => {
  const session = useSession((state) => state.session);
  const rows: [string, string][] = [
    ['Name', session?.user?.name ?? ''],
    ['Login ID', session?.user?.login_id ?? ''],
    ['Organization', session?.organization?.name ?? '—'],
  ];
  return (
    <ScreenFrame route={route}>
      <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap={6} rowGap={2}>
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" fontWeight="semibold">
              {label}
            </Text>
            <Text as="dd">{value}</Text>
          </Box>
        ))}
      </Box>
      <NotificationPreferencesSection />
    </ScreenFrame>
  );
};
