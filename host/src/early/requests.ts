// What the entry chunk asks before React, the design system and the rest of the host are
// downloaded and evaluated (issue 26 item 22): GET sessions and the remotes' manifest were the
// first two requests of every load, ~150 ms after the page's scripts even with all of them cached,
// and each gated what followed. Imports nothing: the entry runs before module federation has
// negotiated the shared packages. Each answer is taken once; anything unusual (an error, a non-2xx
// answer, not JSON) is left to the caller's own request, which reports it as every request does.

/** The API's GET sessions (`${API_BASE_PATH}/sessions`; a test keeps the two equal). */
export const EARLY_SESSION_URL = '/api/sessions';
/** The Initiator's sign-in route (INITIALIZATION_PATH): its page signs in first, so no session is asked early. */
export const EARLY_SESSION_SKIPPED_PATH = '/administration/global/initialization';
/** The runtime manifest of the remotes (remotes/remoteRegistry.ts reads it). */
export const EARLY_REMOTES_URL = '/remotes.json';

const asked = new Map<string, Promise<Response>>();

function ask(url: string, init: RequestInit, fetcher: typeof fetch): void {
  if (asked.has(url)) return;
  const pending = fetcher(url, init);
  // Read or not, a failure here is never unhandled: the caller asks again.
  pending.catch(() => undefined);
  asked.set(url, pending);
}

/** Asks GET sessions (unless the page is the Initiator's sign-in) and /remotes.json now, once each. */
export function askEarly(pathname: string, fetcher: typeof fetch = fetch): void {
  if (pathname !== EARLY_SESSION_SKIPPED_PATH) ask(EARLY_SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' } }, fetcher);
  ask(EARLY_REMOTES_URL, { cache: 'no-store' }, fetcher);
}

/** The early answer to `url`, once: undefined when none was asked, it failed or was not 2xx JSON. */
export async function takeEarly<T>(url: string): Promise<T | undefined> {
  const pending = asked.get(url);
  asked.delete(url);
  if (!pending) return undefined;
  try {
    const response = await pending;
    if (!response.ok || !/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return undefined;
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}
