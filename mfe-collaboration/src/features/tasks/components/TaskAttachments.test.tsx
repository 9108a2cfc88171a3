// /view-task's Attachments (issue 23 item 2): the task's files with open and download links;
// attaching a new file (uploaded into the library with the task), linking one of the library,
// unlinking after a confirmation; only listed for who may not change them.
import { type DocumentSummary, type EvidenceDocument } from '@portal/shared/collaboration';
import { PERMISSIONS } from '@portal/shared/permissions';
import { fakeApi, fill, installFakeUploads, noContent, ok, renderRoute } from '@portal/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADA, BOB, generalTask, task } from '../../../testing/fixtures';
import { signIn, signInEachTest } from '../../../testing/sessions';
import { ViewTaskScreen } from './ViewTaskScreen';

signInEachTest();
const uploads = installFakeUploads();

const attachment = (id: string, name: string, folder = ''): EvidenceDocument => ({
  id,
  folder,
  name,
  current_version: 1,
  content_type: 'text/plain; charset=utf-8',
  linked_by: BOB,
  linked_at: '2026-11-21T10:00:00.000Z',
});

const summary = (id: string, name: string): DocumentSummary => ({
  id,
  folder: 'policies',
  name,
  tags: [],
  owner: null,
  review_by: null,
  current_version: 1,
  size: 12,
  content_type: 'text/markdown; charset=utf-8',
  evidence_count: 0,
  created_by: ADA,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
});

const around = (id: string) => ({
  [`GET /api/tasks/${id}/events`]: ok([]),
  [`GET /api/tasks/${id}/comments`]: ok([]),
  'GET /api/workgroups/myMembership': ok([]),
});

const open = (id: string) => renderRoute(ViewTaskScreen, '/view-task', `/view-task?id=${id}`);
const section = () => screen.getByRole('region', { name: 'Attachments' });

describe("/view-task's attachments", () => {
  it('lists the files with links to open and download them, and attaches a new file to the task', async () => {
    fakeApi({
      'GET /api/tasks/1': ok(task('1')),
      ...around('1'),
      'GET /api/tasks/1/attachments': [ok([attachment('d1', 'review-q1.csv', 'evidence')]), ok([attachment('d1', 'review-q1.csv', 'evidence'), attachment('d2', 'notes.txt')])],
    });
    open('1');
    const list = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(list).getByRole('link', { name: 'Open review-q1.csv' })).toHaveAttribute('href', '/api/documents/d1/download?inline=true&graph=core');
    expect(within(list).getByRole('link', { name: 'Download review-q1.csv' })).toHaveAttribute('href', '/api/documents/d1/download?graph=core');
    expect(list).toHaveTextContent('evidence/review-q1.csv');
    expect(list).toHaveTextContent('attached by Bob Reviewer');

    fireEvent.drop(within(section()).getByTestId('file-drop'), { dataTransfer: { files: [new File(['my notes'], 'notes.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    const [request] = uploads.requests;
    expect(`${request.url.pathname}${request.url.search}`).toBe('/api/documents?graph=core');
    const body = request.body as FormData;
    expect(body.get('task')).toBe('1');
    expect((body.get('files') as File).name).toBe('notes.txt');
    act(() => request.progress(4, 8));
    expect(await within(section()).findByRole('status')).toHaveTextContent('Uploading notes.txt… 50%');
    act(() => request.answer({ status: 201, body: { documents: [summary('d2', 'notes.txt')] } }));
    expect(await within(await screen.findByRole('list', { name: 'Attachments' })).findByRole('link', { name: 'Open notes.txt' })).toBeInTheDocument();
  });

  it('links a document found in the library, and unlinks one after confirming', async () => {
    const { mutations } = fakeApi({
      'GET /api/tasks/2': ok(generalTask('2', { assigned_to_user: BOB })),
      ...around('2'),
      'GET /api/tasks/2/attachments': [ok([attachment('d1', 'old.txt')]), ok([attachment('d1', 'old.txt'), attachment('d3', 'policy.md', 'policies')]), ok([attachment('d3', 'policy.md', 'policies')])],
      'GET /api/documents': ok({ items: [summary('d1', 'old.txt'), summary('d3', 'policy.md')], total: 2, folders: [''], tags: [] }),
      'PUT /api/documents/d3/tasks/2': noContent(),
      'DELETE /api/documents/d1/tasks/2': noContent(),
    });
    const { user } = open('2');
    await screen.findByRole('list', { name: 'Attachments' });
    await fill(user, within(section()).getByLabelText('Link from the library'), 'policy');
    const found = await within(section()).findByRole('list', { name: 'Documents found' });
    // A file attached already is not offered again.
    expect(within(found).queryByRole('button', { name: 'Link old.txt' })).not.toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Link policy.md' }));
    expect(await screen.findByRole('link', { name: 'Open policy.md' })).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'Unlink old.txt' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink file' });
    expect(dialog).toHaveTextContent('Unlink old.txt from this task? The file stays in the library.');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open old.txt' })).not.toBeInTheDocument());
    expect(mutations()).toEqual([
      { method: 'PUT', path: '/api/documents/d3/tasks/2', query: { graph: 'core' }, body: undefined },
      { method: 'DELETE', path: '/api/documents/d1/tasks/2', query: { graph: 'core' }, body: undefined },
    ]);
  });

  it('only lists the files for who may not change them (a task of someone else, or no upload permission)', async () => {
    fakeApi({
      'GET /api/tasks/3': ok(task('3', { assigned_to_user: BOB })),
      ...around('3'),
      'GET /api/tasks/3/attachments': ok([attachment('d1', 'review-q1.csv')]),
    });
    open('3');
    expect(await screen.findByRole('link', { name: 'Open review-q1.csv' })).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Unlink review-q1.csv' })).not.toBeInTheDocument();
    expect(within(section()).queryByText('Attach file')).not.toBeInTheDocument();
    expect(within(section()).queryByLabelText('Link from the library')).not.toBeInTheDocument();
  });

  it('says so when the user may not view documents, without asking the API', async () => {
    signIn([PERMISSIONS.requirements.TASK.VIEW]);
    const { calls } = fakeApi({ 'GET /api/tasks/4': ok(task('4')), ...around('4') });
    open('4');
    expect(await screen.findByText('You may not view the documents of this process.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/tasks/4/attachments');
  });
});
