// The whole portal rendered as the browser gets it, for the app's tests that go through the real shell
// (guards, menus, chooser) with only the remote loader and `fetch` faked. Test-only.
import { act, render } from '@testing-library/react';
import { createPortalQueryClient, history, PortalProvider, PortalRouter, type Session } from '@portal/shared';
import { Portal } from '../Portal';

/** The portal with a fresh query client, at the current location. */
export function renderPortal() {
  return render(
    <PortalProvider queryClient={createPortalQueryClient()}>
      <PortalRouter>
        <Portal />
      </PortalRouter>
    </PortalProvider>,
  );
}

/** The portal opened at `path`. */
export function renderPortalAt(path: string) {
  act(() => history.replace(path));
  return renderPortal();
}

/** A JSON answer of the fake API; without a body, an empty one (e.g. 204). */
export function json(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Fakes `fetch` with what the shell asks of the API — the session, its processes, the version —
 * after `extra` (a test's own routes); anything else is a 404.
 */
export function fakeShellApi(session: Session, processes: readonly object[], extra?: (method: string, path: string) => Response | undefined) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const own = extra?.(method, url.pathname);
    if (own) return own;
    if (method === 'GET' && url.pathname === '/api/sessions') return json(200, session);
    if (method === 'GET' && url.pathname === '/api/projects') return json(200, processes);
    if (method === 'GET' && url.pathname === '/api/misc/version') return json(200, { version: '1.1.0' });
    return json(404, { detail: 'The requested resource does not exist.' });
  }) as typeof fetch;
}

/** A remote whose mount says `<remote> mounted`, for the faked remote loader. */
export function fakeRemote(remote: string) {
  return {
    name: remote,
    bootstrap: async () => undefined,
    mount: async (props: unknown) => {
      (props as { domElement: HTMLElement }).domElement.innerHTML = `<p>${remote} mounted</p>`;
    },
    unmount: async () => undefined,
  };
}
