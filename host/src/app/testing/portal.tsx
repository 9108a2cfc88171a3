// The whole portal rendered as the browser gets it, for the app's tests that go through the real shell
// (guards, menus, chooser) with only the remote loader and `fetch` faked. Test-only.
import { act, render } from '@testing-library/react';
import { createPortalQueryClient, history, PortalProvider, PortalRouter } from '@portal/shared';
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
