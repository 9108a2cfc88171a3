import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '../api/errors';
import { withholdNotice, isRetriedStatus } from '../api/notices';
import { READ_RETRY_LIMIT } from '../constants';

/**
 * Read retry policy of spec 8/9: retry only when the status is 500 or above (the network-failure
 * status 999 included) and fewer than READ_RETRY_LIMIT retry attempts have been made. A retried
 * attempt's 'Error' notice is withheld, so a read shows one notice, after its last attempt.
 *
 * react-query calls `retry(failureCount, error)` after each failure with failureCount = the number
 * of failures BEFORE this one, i.e. the retries already made (0 after the first request fails).
 * So `failureCount < 3` allows retries 1, 2 and 3: at most 4 requests, "retried up to 3 times"
 * as spec 9 puts it.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  const retried = status !== undefined && isRetriedStatus(status) && failureCount < READ_RETRY_LIMIT;
  // The attempt is repeated: its 'Error' notice would be one per attempt (api/notices.ts).
  if (retried) withholdNotice(error);
  return retried;
}

/** A query client with the portal's defaults; the host and remotes share the `queryClient` singleton. */
export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryRead },
      // A mutation is never repeated behind the user's back.
      mutations: { retry: false },
    },
  });
}

export const queryClient: QueryClient = createPortalQueryClient();
