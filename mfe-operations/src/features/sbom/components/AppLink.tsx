// A link to an application's screen (/applications/<app_key>, the applications remote's route).
import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router';

export function AppLink({ appKey, label }: { appKey: string; label?: string }) {
  return (
    <ChakraLink asChild>
      <Link to={`/applications/${encodeURIComponent(appKey)}`}>{label ?? appKey}</Link>
    </ChakraLink>
  );
}
