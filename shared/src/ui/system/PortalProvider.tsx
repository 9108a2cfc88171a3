import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { system } from './system';

export interface PortalProviderProps {
  children: ReactNode;
  /** The portal's query client; a remote is its own React root, so it must pass it here. */
  queryClient?: QueryClient;
}

/**
 * Wraps a React root (the host or a remote) in the portal's design system and, when given, the
 * shared query client. Nothing crosses React roots through context, so each root renders this.
 */
export function PortalProvider({ children, queryClient }: PortalProviderProps) {
  const themed = <ChakraProvider value={system}>{children}</ChakraProvider>;
  return queryClient ? <QueryClientProvider client={queryClient}>{themed}</QueryClientProvider> : themed;
}
