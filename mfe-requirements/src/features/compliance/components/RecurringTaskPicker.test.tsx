// The check dialog's recurring task picker (RecurringTaskPicker): the process's recurring task
// series listed with their rule and next due date, narrowed by typing, one picked into the check's
// body; cleared back to every task linked to the requirement; a check naming a series shown by its
// title when edited; an empty process and a failed read said so.
import { screen, waitFor, within } from '@testing-library/react';
import type { ComplianceRecurringTask } from '@portal/shared/compliance';
import { check, compliance } from '../../../testing/compliance';
import { fakeApi } from '../../../testing/fakeApi';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { signInEachTestAt } from '../../../testing/session';
import { ComplianceSection } from './ComplianceSection';
import { TASKS_SHOWN } from './RecurringTaskPicker';

const REQUIREMENT = { id: 'r1', code: 'REQ-1', title: 'Rotate secrets' };
const PATH = '/api/requirements/r1/compliance';
const ROTATE = '0b5c3f0e-2a41-4c55-9d3e-0f6a7c1d2e3f';
const REVIEW = '1c6d4a1f-3b52-4d66-8e4f-1a7b8d2e3f40';
const TASKS: ComplianceRecurringTask[] = [
  { id: REVIEW, title: 'Access review', recurrence: 'FREQ=WEEKLY;INTERVAL=2', next_due: '2030-06-15' },
  { id: ROTATE, title: 'Rotate the signing keys', recurrence: 'FREQ=MONTHLY', next_due: null },
];

signInEachTestAt('/requirements?id=r1');

const render = () => renderScreen(<ComplianceSection graph="core" requirement={REQUIREMENT} readOnly={false} />);

async function recurringTaskDialog(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add check' }));
  const dialog = await screen.findByRole('dialog');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'recurring-task');
  return dialog;
}

it("lists the process's recurring tasks, narrows them as one types, and sends the one picked", async () => {
  const { mutations, calls } = fakeApi({
    [`GET ${PATH}`]: { body: compliance([]) },
    'GET /api/compliance/recurring-tasks': { body: TASKS },
    'POST /api/requirements/r1/checks': { status: 201, body: check('c1', 'passing', { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: ROTATE, grace_days: 2 } }) },
  });
  const { user } = render();
  const dialog = await recurringTaskDialog(user);
  const list = await within(dialog).findByRole('list', { name: 'Recurring tasks' });
  expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Access reviewFREQ=WEEKLY;INTERVAL=2 · next due 2030-06-15',
    'Rotate the signing keysFREQ=MONTHLY · no open occurrence',
  ]);
  expect(dialog).toHaveTextContent('None chosen: every recurring task linked to the requirement.');
  // No raw id to type: a search over titles and rules.
  expect(within(dialog).queryByRole('textbox', { name: /task id/i })).not.toBeInTheDocument();
  const search = within(dialog).getByRole('searchbox', { name: 'Recurring task' });
  await fill(user, search, 'monthly');
  expect(within(within(dialog).getByRole('list', { name: 'Recurring tasks' })).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Choose Rotate the signing keys']);
  await fill(user, search, 'nothing like it');
  expect(dialog).toHaveTextContent('No recurring task matches “nothing like it”.');
  await fill(user, search, 'signing');
  await user.click(within(dialog).getByRole('button', { name: 'Choose Rotate the signing keys' }));
  const chosen = within(dialog).getByRole('group', { name: 'Chosen recurring task' });
  expect(chosen).toHaveTextContent('Rotate the signing keysFREQ=MONTHLY · no open occurrence');
  await fill(user, within(dialog).getByRole('spinbutton', { name: 'Days of grace' }), '2');
  await user.click(within(dialog).getByRole('button', { name: 'Add check' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(mutations()).toEqual([expect.objectContaining({ body: { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: ROTATE, grace_days: 2 } } })]);
  expect(calls.filter((call) => call.path === '/api/compliance/recurring-tasks')).toEqual([expect.objectContaining({ query: { graph: 'core' } })]);
});

it('clears the choice back to every task linked to the requirement', async () => {
  const { mutations } = fakeApi({
    [`GET ${PATH}`]: { body: compliance([]) },
    'GET /api/compliance/recurring-tasks': { body: TASKS },
    'POST /api/requirements/r1/checks': { status: 201, body: check('c1', 'not_evaluated', { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: null, grace_days: 0 } }) },
  });
  const { user } = render();
  const dialog = await recurringTaskDialog(user);
  await user.click(await within(dialog).findByRole('button', { name: 'Choose Access review' }));
  await user.click(within(dialog).getByRole('button', { name: 'Clear recurring task' }));
  expect(within(dialog).getByRole('searchbox', { name: 'Recurring task' })).toHaveValue('');
  await user.click(within(dialog).getByRole('button', { name: 'Add check' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // No task (the client drops null fields): every recurring task linked to the requirement.
  expect(mutations()[0]).toMatchObject({ body: { kind: 'recurring-task', scope: { kind: 'process' }, params: { grace_days: 0 } } });
  expect(mutations()[0].body).not.toHaveProperty('params.task_id');
});

it('shows the series a check names by its title when the check is edited, or says it is no longer one', async () => {
  const named = check('c1', 'passing', { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: REVIEW, grace_days: 0 } });
  const gone = check('c2', 'not_evaluated', { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: ROTATE, grace_days: 0 } });
  fakeApi({ [`GET ${PATH}`]: { body: compliance([named, gone]) }, 'GET /api/compliance/recurring-tasks': { body: TASKS.slice(0, 1) } });
  const { user } = render();
  const [first, second] = await screen.findAllByRole('button', { name: /^Edit/ });
  await user.click(first);
  let dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Chosen recurring task' })).toHaveTextContent('Access reviewFREQ=WEEKLY;INTERVAL=2 · next due 2030-06-15'));
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await user.click(second);
  dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Chosen recurring task' })).toHaveTextContent(`Task ${ROTATE}Not among the recurring task series of the process.`));
});

it('says when the process has no recurring task, when it has more than it shows, and when they cannot be read', async () => {
  fakeApi({ [`GET ${PATH}`]: { body: compliance([]) }, 'GET /api/compliance/recurring-tasks': [{ body: [] }] });
  const { user, unmount } = render();
  expect(await within(await recurringTaskDialog(user)).findByText('The process has no recurring task.')).toBeInTheDocument();
  unmount();

  const many = Array.from({ length: TASKS_SHOWN + 3 }, (_, n) => ({ id: `${ROTATE.slice(0, -2)}${String(n).padStart(2, '0')}`, title: `Task ${n}`, recurrence: 'FREQ=DAILY', next_due: null }));
  fakeApi({ [`GET ${PATH}`]: { body: compliance([]) }, 'GET /api/compliance/recurring-tasks': { body: many } });
  const second = render();
  const dialog = await recurringTaskDialog(second.user);
  expect(within(await within(dialog).findByRole('list', { name: 'Recurring tasks' })).getAllByRole('button')).toHaveLength(TASKS_SHOWN);
  expect(dialog).toHaveTextContent('3 more: type to narrow.');
  second.unmount();

  fakeApi({ [`GET ${PATH}`]: { body: compliance([]) }, 'GET /api/compliance/recurring-tasks': { status: 500, problem: { detail: 'Broken.' } } });
  const third = render();
  expect(await within(await recurringTaskDialog(third.user)).findByText('The recurring tasks could not be read.')).toBeInTheDocument();
});
