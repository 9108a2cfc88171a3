import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { AttachmentsPanel } from './index';
import { installFakeUploads } from '@portal/shared/testing';
import { checkFile, TOO_LARGE } from './attachmentFile';

const attachment = (id: string, name: string) => ({
  id,
  requirement_id: 'r1',
  name,
  size: 2048,
  content_type: 'application/pdf',
  uploaded_by: { id: 'u1', login_id: 'ada', name: 'Ada Author' },
  created_at: '2026-11-01T10:00:00Z',
});

const uploads = installFakeUploads();
beforeEach(() => signIn());

describe('AttachmentsPanel', () => {
  it('uploads a file showing its progress, then lists it', async () => {
    fakeApi({ 'GET /api/requirements/r1/attachments': [{ body: [] }, { body: [attachment('a1', 'policy.pdf')] }] });
    const { user } = renderScreen(<AttachmentsPanel graph="core" requirementId="r1" />);
    expect(await screen.findByText('No attachments')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Attach a file'), new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' }));
    const [request] = uploads.requests;
    expect(request.method).toBe('POST');
    expect(`${request.url.pathname}${request.url.search}`).toBe('/api/requirements/r1/attachments?graph=core');
    expect(request.withCredentials).toBe(true);
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(((request.body as FormData).get('file') as File).name).toBe('policy.pdf');
    act(() => request.progress(4, 8));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    act(() => request.answer({ status: 201, body: attachment('a1', 'policy.pdf') }));
    expect(await screen.findByRole('link', { name: 'Download policy.pdf' })).toHaveAttribute('href', '/api/attachments/a1/download?graph=core');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file over 10 MB or of another type before uploading, with the API’s messages', async () => {
    expect(checkFile({ name: 'big.pdf', size: 10 * 1024 * 1024 + 1 })).toBe(TOO_LARGE);
    expect(checkFile({ name: 'page.html', size: 10 })).toMatch(/^Files of type \.html cannot be attached\. Allowed: pdf, png/);
    expect(checkFile({ name: 'ok.PNG', size: 10 })).toBeNull();
    fakeApi({ 'GET /api/requirements/r1/attachments': { body: [] } });
    const { user } = renderScreen(<AttachmentsPanel graph="core" requirementId="r1" />);
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('Attach a file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large (at most 10 MB).');
    expect(uploads.requests).toHaveLength(0);
  });

  it('shows the API’s refusal of an upload', async () => {
    fakeApi({ 'GET /api/requirements/r1/attachments': { body: [] } });
    const { user } = renderScreen(<AttachmentsPanel graph="core" requirementId="r1" />);
    await user.upload(await screen.findByLabelText('Attach a file'), new File(['nope'], 'notes.pdf'));
    act(() => uploads.requests[0].answer({ status: 415, problem: { detail: 'The content of the file is not a .pdf file.' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The content of the file is not a .pdf file.');
  });

  it('deletes an attachment after confirmation', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements/r1/attachments': [{ body: [attachment('a1', 'policy.pdf')] }, { body: [] }],
      'DELETE /api/attachments/a1': { status: 204 },
    });
    const { user } = renderScreen(<AttachmentsPanel graph="core" requirementId="r1" />);
    await user.click(await screen.findByRole('button', { name: 'Delete policy.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete attachment' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mutations()).toMatchObject([{ method: 'DELETE', path: '/api/attachments/a1', query: { graph: 'core' } }]));
    expect(await screen.findByText('No attachments')).toBeInTheDocument();
  });

  it('shares an attachment into Shared Files (POST attachments/share) and says under which name', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements/r1/attachments': { body: [attachment('a1', 'Audit report.pdf')] },
      'POST /api/attachments/share': { status: 201, body: { id: 'd1', name: 'Audit_report.pdf', current_version: 2 } },
    });
    const { user, snackbars } = renderScreen(<AttachmentsPanel graph="core" requirementId="r1" />);
    await user.click(await screen.findByRole('button', { name: 'Share Audit report.pdf to Shared Files' }));
    await waitFor(() => expect(mutations()).toMatchObject([{ method: 'POST', path: '/api/attachments/share', query: { graph: 'core' }, body: { attachment_id: 'a1' } }]));
    await waitFor(() => expect(snackbars).toContain('Audit report.pdf is in Shared Files as Audit_report.pdf (version 2).'));
  });
});
