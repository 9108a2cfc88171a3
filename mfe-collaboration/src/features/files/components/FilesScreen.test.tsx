import { setPermissionChecker, setRealtimeImplementation, type RealtimeFacade, type RealtimeHandler } from '@portal/shared';
import { type DocumentDetail, type DocumentSummary } from '@portal/shared/collaboration';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, installFakeUploads, noContent, ok, problem, renderRoute, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { FilesScreen } from './FilesScreen';

const uploads = installFakeUploads();
const PATH = '/collaboration/share-files';

const summary = (overrides: Partial<DocumentSummary> = {}): DocumentSummary => ({
  id: 'd1',
  folder: 'audits',
  name: 'notes.md',
  tags: ['soc2'],
  owner: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' },
  review_by: '2020-01-31',
  current_version: 2,
  size: 2048,
  content_type: 'text/markdown; charset=utf-8',
  evidence_count: 1,
  created_by: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' },
  created_at: '2026-05-01T09:00:00.000Z',
  updated_at: '2026-05-02T09:00:00.000Z',
  ...overrides,
});

const detail = (): DocumentDetail => ({
  ...summary(),
  versions: [
    { version: 2, size: 2048, content_type: 'text/markdown; charset=utf-8', sha256: 'b'.repeat(64), uploaded_by: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' }, created_at: '2026-05-02T09:00:00.000Z' },
    { version: 1, size: 1024, content_type: 'text/markdown; charset=utf-8', sha256: 'a'.repeat(64), uploaded_by: null, created_at: '2026-05-01T09:00:00.000Z' },
  ],
  requirements: [{ id: 'r1', code: 'AC-2', title: 'Account management' }],
  tasks: [{ id: 't1', title: 'Quarterly access review', status: 'OPEN' }],
});

const page = (items: DocumentSummary[] = [summary()]) => ok({ items, total: items.length, folders: ['', 'audits'], tags: ['soc2'] });
const file = (name: string, text = 'evidence') => new File([text], name, { type: 'text/plain' });

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => {
  setPermissionChecker(null);
  setRealtimeImplementation(null);
});

/** A broker connection delivering what the test sends on the user's events queue. */
function fakeRealtime() {
  const handlers: RealtimeHandler[] = [];
  const facade: RealtimeFacade = {
    state: 'Connected',
    subscribe: (_destination, handler) => {
      handlers.push(handler as RealtimeHandler);
      return () => handlers.splice(handlers.indexOf(handler as RealtimeHandler), 1);
    },
    publish: async () => undefined,
    onStateChange: () => () => undefined,
  };
  setRealtimeImplementation(facade);
  return (body: unknown) => act(() => handlers.forEach((handler) => handler(body, 'events#u-ada')));
}

describe('Shared Files', () => {
  it('lists the documents with folder, tags, version, owner and a past review-by date, and filters them', async () => {
    const { calls } = fakeApi({ 'GET /api/documents': page() });
    const { user } = renderRoute(FilesScreen, PATH);
    const table = await screen.findByRole('table', { name: 'Documents' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('button', { name: 'notes.md' })).toBeInTheDocument();
    expect(row).toHaveTextContent('audits');
    expect(row).toHaveTextContent('soc2');
    expect(row).toHaveTextContent('v2');
    expect(row).toHaveTextContent('2.0 KB');
    expect(row).toHaveTextContent('01/31/2020 (past due)');
    expect(row).toHaveTextContent('1 requirement');

    await user.selectOptions(screen.getByLabelText('Folder', { selector: 'select' }), 'audits');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ graph: 'core', folder: 'audits', offset: '0', limit: '50' }));
    await user.type(screen.getByLabelText('Search names and text'), 'firewall');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ q: 'firewall', folder: 'audits' }));
  });

  it('opens a document: markdown preview without scripts, versions, evidence, and delete behind the dialog', async () => {
    const { calls, mutations } = fakeApi({
      'GET /api/documents': page(),
      'GET /api/documents/d1': ok(detail()),
      'GET /api/documents/d1/download': { body: '# Notes\n\n<script>alert(1)</script>[evil](javascript:alert(2))', contentType: 'text/markdown' },
      'DELETE /api/documents/d1': noContent(),
    });
    const { user, container } = renderRoute(FilesScreen, PATH);
    await user.click(await screen.findByRole('button', { name: 'notes.md' }));
    const panel = await screen.findByRole('region', { name: 'Document notes.md' });
    const preview = await within(panel).findByRole('region', { name: 'Preview of notes.md' });
    expect(await within(preview).findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(preview.innerHTML).not.toContain('javascript:');
    expect(calls.find((call) => call.path === '/api/documents/d1/download')?.query).toMatchObject({ version: '2', graph: 'core' });

    const versions = within(panel).getByRole('list', { name: 'Versions' });
    expect(within(versions).getAllByRole('listitem')).toHaveLength(2);
    expect(within(versions).getByRole('link', { name: 'Download version 1' })).toHaveAttribute('href', '/api/documents/d1/download?version=1&graph=core');
    expect(within(panel).getByRole('list', { name: 'Evidence for' })).toHaveTextContent('AC-2 Account management');
    // …and the tasks it is attached to, each a link to its page.
    const tasks = within(panel).getByRole('list', { name: 'Linked tasks' });
    expect(within(tasks).getByRole('link', { name: 'Quarterly access review' })).toHaveAttribute('href', '/view-task?id=t1');
    expect(tasks).toHaveTextContent('Open');

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete document' });
    expect(dialog).toHaveTextContent('Delete audits/notes.md with its 2 versions?');
    await user.type(within(dialog).getByRole('textbox'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/documents/d1' })]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Document notes.md' })).not.toBeInTheDocument());
  });

  it('uploads several dropped files one by one with progress and cancel, and says why one was refused', async () => {
    fakeApi({ 'GET /api/documents': page([]) });
    renderRoute(FilesScreen, PATH);
    expect(await screen.findByText('No shared file yet.')).toBeInTheDocument();
    fireEvent.drop(screen.getByTestId('file-drop'), { dataTransfer: { files: [file('one.txt'), file('two.exe'), file('three.txt')] } });
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    const [first] = uploads.requests;
    expect(`${first.url.pathname}${first.url.search}`).toBe('/api/documents?graph=core');
    expect(((first.body as FormData).get('files') as File).name).toBe('one.txt');
    first.progress(4, 8);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress of one.txt' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    // The third file is cancelled while it waits: it is never sent.
    const list = screen.getByRole('list', { name: 'Uploads' });
    await waitFor(() => expect(within(list).getByText('Waiting: three.txt')).toBeInTheDocument());
    const waiting = within(list).getAllByRole('listitem')[2];
    fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel upload' }));
    first.answer({ status: 201, body: { documents: [summary({ name: 'one.txt', current_version: 3 })] } });
    expect(await screen.findByText('one.txt stored as version 3.')).toBeInTheDocument();
    await waitFor(() => expect(uploads.requests).toHaveLength(2));
    uploads.requests[1].answer({ status: 415, problem: { detail: 'Files of type .exe cannot be shared.' } });
    expect(await screen.findByText('two.exe was not accepted')).toBeInTheDocument();
    expect(screen.getByText('Files of type .exe cannot be shared.')).toBeInTheDocument();
    expect(screen.getByText('three.txt: upload cancelled.')).toBeInTheDocument();
    expect(uploads.requests).toHaveLength(2);
  });

  it("shows another user's upload as it happens (a live 'Document' event), not another process's", async () => {
    const deliver = fakeRealtime();
    fakeApi({ 'GET /api/documents': [page([]), page([summary({ id: 'd9', name: 'their-upload.pdf' })])] });
    renderRoute(FilesScreen, PATH);
    expect(await screen.findByText('No shared file yet.')).toBeInTheDocument();
    deliver({ type: 'Document', eventId: 'e0', session_id: 'other', time: '', data: { graph: 'edge', id: 'd8', kind: 'document', action: 'upload' } });
    deliver({ type: 'Document', eventId: 'e1', session_id: 'other', time: '', data: { graph: 'core', id: 'd9', kind: 'document', action: 'upload' } });
    expect(await screen.findByRole('button', { name: 'their-upload.pdf' })).toBeInTheDocument();
  });

  it('links the document to a requirement found by code or title, and removes a link', async () => {
    const { mutations } = fakeApi({
      'GET /api/documents': page(),
      'GET /api/documents/d1': ok(detail()),
      'GET /api/documents/d1/download': { body: 'x', contentType: 'text/markdown' },
      'GET /api/requirements': ok({ items: [{ id: 'r1', code: 'AC-2', title: 'Account management' }, { id: 'r2', code: 'AC-3', title: 'Access enforcement' }], total: 2 }),
      'PUT /api/documents/d1/requirements/r2': noContent(),
      'DELETE /api/documents/d1/requirements/r1': noContent(),
    });
    const { user } = renderRoute(FilesScreen, PATH, `${PATH}?document=d1`);
    const panel = await screen.findByRole('region', { name: 'Document notes.md' });
    await user.type(within(panel).getByLabelText('Link a requirement'), 'AC');
    const found = await within(panel).findByRole('list', { name: 'Requirements found' });
    // AC-2 is linked already: only AC-3 is offered.
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: 'Link AC-3' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Remove AC-2' })).toBeEnabled());
    await user.click(within(panel).getByRole('button', { name: 'Remove AC-2' }));
    await waitFor(() =>
      expect(mutations().map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /api/documents/d1/requirements/r2', 'DELETE /api/documents/d1/requirements/r1']),
    );
  });

  it('offers a reader neither upload nor delete', async () => {
    setPermissionChecker((permission) => permission.startsWith('list=>') || permission.startsWith('view=>'));
    fakeApi({ 'GET /api/documents': page(), 'GET /api/documents/d1': ok(detail()), 'GET /api/documents/d1/download': { body: 'x', contentType: 'text/markdown' } });
    const { user } = renderRoute(FilesScreen, PATH);
    await user.click(await screen.findByRole('button', { name: 'notes.md' }));
    const panel = await screen.findByRole('region', { name: 'Document notes.md' });
    expect(screen.queryByRole('region', { name: 'Upload files' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Remove AC-2' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Download' })).toBeInTheDocument();
  });

  it('shows why the library could not be read', async () => {
    fakeApi({ 'GET /api/documents': problem(403, 'You have no permission to do that.') });
    renderRoute(FilesScreen, PATH);
    expect(await screen.findByText('You have no permission to do that.')).toBeInTheDocument();
  });
});
