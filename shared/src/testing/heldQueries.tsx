// Which cached reads a change makes stale: a query client holding data under each named key, a
// hook (a mutation, usually) rendered against it, and the names of the keys it has invalidated.
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders `hook` against a client holding data under every key of `held`; `stale()` names the invalidated ones, sorted. */
export function renderHookHolding<T>(held: Readonly<Record<string, QueryKey>>, hook: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const key of Object.values(held)) client.setQueryData(key, []);
  const { result } = renderHook(hook, { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
  const stale = () => Object.keys(held).filter((name) => client.getQueryState(held[name])?.isInvalidated).sort();
  return { result, stale };
}
