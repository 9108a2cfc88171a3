// When the 'Error' notice of a failed call shows (spec 8): once per failed operation, after the
// retries of a read (spec 8/9: a read is retried while its status is 500 or above, fewer than 3
// times) rather than once per attempt.
//
// A status a read may retry is announced one task later, not at once: by then the read's retry
// policy (query/queryClient.ts shouldRetryRead, which runs as soon as the attempt rejects) has
// withheld the notice of an attempt it repeats, so only the last attempt's notice shows. Every
// other status (and every call outside a query: mutations are never retried) is announced at once.
import { bus } from '../bus/bus';
import { NETWORK_ERROR_STATUS, NOTICE_TITLE, type ApiError } from './errors';

/** The statuses a read is retried on: 500 and above, a network failure (999) included. */
export function isRetriedStatus(status: number): boolean {
  return status >= 500 || status === NETWORK_ERROR_STATUS;
}

const withheld = new WeakSet<object>();

/** The retry policy repeats the attempt that failed with this error: its notice is not shown. */
export function withholdNotice(error: unknown): void {
  if (typeof error === 'object' && error !== null) withheld.add(error);
}

/** Shows the error's notice: at once, or one task later for a status a read may retry. */
export function announceNotice(error: ApiError): void {
  const show = () => {
    if (!withheld.has(error)) bus.emit('notice:show', { title: NOTICE_TITLE, message: error.message });
  };
  if (isRetriedStatus(error.status)) setTimeout(show, 0);
  else show();
}
