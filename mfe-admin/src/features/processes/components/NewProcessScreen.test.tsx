import { bus, history, sessionStore, STATUS_MESSAGES } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen, routeOf } from '@portal/shared/testing';
import { adminSession } from '../../../testing/sessions';
import { NewProcessScreen } from './NewProcessScreen';

const route = routeOf('/projects/new-project');
const created = { id: 'p9', code_name: 'AUDIT', name: 'Audit 2026', type: 'EDISCOVERY', dashboard_type: 'PRESENTATION' };
const LICENCE = 'This function exceeds the current license configuration.  Please contact support if you have questions.';
const snackbars: string[] = [];
const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);

beforeEach(() => {
  sessionStore.setSession(adminSession());
  sessionStore.setProcess(null);
  history.replace('/projects/new-project');
  snackbars.length = 0;
  bus.on('snackbar:show', onSnackbar);
});
afterEach(() => bus.off('snackbar:show', onSnackbar));

async function fillWizard(user: ReturnType<typeof renderScreen>['user']) {
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await user.type(screen.getByLabelText(/Code name/), 'AUDIT');
  await user.type(screen.getByLabelText(/^Name/), 'Audit 2026');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.selectOptions(screen.getByRole('combobox', { name: /^Type/ }), 'EDISCOVERY');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Dashboard type/ }), 'PRESENTATION');
}

describe('NewProcessScreen', () => {
  it('checks the code name before moving on', async () => {
    fakeApi({});
    const { user } = renderScreen(<NewProcessScreen route={route} />);
    await user.type(screen.getByLabelText(/Code name/), 'audit 2026');
    expect(screen.getByText('Alphabets and numbers only.')).toBeInTheDocument();
  });

  it('creates the process, makes it current and opens its dashboard', async () => {
    const { mutations } = fakeApi({ 'POST /api/projects': { status: 201, body: created } });
    const { user } = renderScreen(<NewProcessScreen route={route} />);
    await fillWizard(user);
    await user.click(screen.getByRole('button', { name: 'Create process' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(mutations()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/projects', body: { code_name: 'AUDIT', name: 'Audit 2026', type: 'EDISCOVERY', dashboard_type: 'PRESENTATION' } }),
    ]);
    expect(sessionStore.getState().process).toEqual(created);
    expect(snackbars).toEqual(['Process Audit 2026 created.']);
  });

  it('shows the licence message of a 402 and stays', async () => {
    fakeApi({ 'POST /api/projects': { status: 402, problem: { detail: LICENCE } } });
    const { user } = renderScreen(<NewProcessScreen route={route} />);
    await fillWizard(user);
    await user.click(screen.getByRole('button', { name: 'Create process' }));
    // Word for word, both spaces before "Please" included.
    expect((await screen.findByRole('alert')).textContent).toBe(LICENCE);
    expect(LICENCE).toBe(STATUS_MESSAGES[402]);
    expect(history.location.pathname).toBe('/projects/new-project');
    expect(sessionStore.getState().process).toBeNull();
  });

  it('shows the API’s reason for a refused code name', async () => {
    fakeApi({ 'POST /api/projects': { status: 409, problem: { detail: 'A process with the code name AUDIT exists.' } } });
    const { user } = renderScreen(<NewProcessScreen route={route} />);
    await fillWizard(user);
    await user.click(screen.getByRole('button', { name: 'Create process' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A process with the code name AUDIT exists.');
  });
});
