// GET sessions asked by the entry chunk, before React, the design system and the rest of the host
// are downloaded and evaluated (issue 26 item 22: on a cold load that was the first API call, ~1 s
// after the page's scripts). Imports nothing: the entry runs before module federation has
// negotiated the shared packages. loadSession() takes the answer once; anything unusual (an error,
// a non-2xx answer) is left to the API client's own call, which reports it as every call does.

/** The API's GET sessions (`${API_BASE_PATH}/sessions`; a test keeps the two equal). */
export const EARLY_SESSION_URL = '/api/sessions';
/** The Initiator's sign-in route (INITIALIZATION_PATH): its page signs in first, so nothing is asked early. */
export const EARLY_SESSION_SKIPPED_PATH = '/administration/global/initialization';

let early: Promise<Response> | undefined;

/** Asks GET sessions now (once), unless the page is the Initiator's sign-in. */
export function askSessionEarly(pathname: string, fetcher: typeof fetch = fetch): void {
  if (early || pathname === EARLY_SESSION_SKIPPED_PATH) return;
  early = fetcher(EARLY_SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
  // Read or not, a failure here is never unhandled: the API client asks again.
  early.catch(() => undefined);
}

/** The early answer's session, once: undefined when none was asked, it failed or was not 2xx JSON. */
export async function takeEarlySession<T>(): Promise<T | undefined> {
  const pending = early;
  early = undefined;
  if (!pending) return undefined;
  try {
    const response = await pending;
    if (!response.ok || !/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return undefined;
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}
