import { history, ROUTES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fakeApi';
import { detail, requirement } from '../../../testing/fixtures';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { AddRequirementScreen } from './AddRequirementScreen';
import { signIn } from '../../../testing/session';

const ANN = { id: 'u-ann', login_id: 'ann', name: 'Ann Author' };
const OLGA = { id: 'u-olga', login_id: 'olga', name: 'Olga Admin' };
const route = ROUTES.find((candidate) => candidate.path === '/requirements/add-requirement')!;

beforeEach(() => {
  signIn();
  history.replace('/requirements/add-requirement');
});

describe('AddRequirementScreen', () => {
  it('validates, previews the markdown and adds a sub-requirement, then opens it', async () => {
    history.replace('/requirements/add-requirement?parent=r1');
    const { mutations } = fakeApi({
      'GET /api/requirements/r1': { body: detail(1, { title: 'Parent' }) },
      'POST /api/requirements': { status: 201, body: requirement(7, { code: 'AC-7', parent_id: 'r1' }) },
    });
    const { user } = renderScreen(<AddRequirementScreen route={route} />);
    expect(await screen.findByRole('link', { name: 'REQ-1 · Parent' })).toBeInTheDocument();

    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Access control policy');
    const code = screen.getByRole('textbox', { name: 'Code' });
    await fill(user, code, '7-bad code');
    await user.tab();
    expect(await screen.findByText(/starting with a letter/)).toBeInTheDocument();
    await fill(user, code, 'AC-7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'HIGH');
    await user.click(next);

    const description = screen.getByRole('textbox', { name: 'Description' });
    await fill(user, description, '# Policy\n\nSee [it](javascript:alert(1))');
    expect(await screen.findByText('Invalid input.')).toBeInTheDocument();
    await fill(user, description, '## Policy\n\n- **MFA** for admins');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { name: 'Policy' })).toBeInTheDocument();
    expect(within(preview).getByText('MFA').tagName).toBe('STRONG');
    expect(screen.queryByText('Invalid input.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const dueDate = screen.getByLabelText('Due date');
    await fill(user, dueDate, '2001-01-01');
    expect(await screen.findByText('The due date cannot be in the past.')).toBeInTheDocument();
    await fill(user, dueDate, '2099-12-31');
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    await fill(user, tags, 'iso27001, bad<tag>');
    await user.tab();
    expect(await screen.findByText(/Tags are separated by commas/)).toBeInTheDocument();
    await fill(user, tags, 'iso27001, access, iso27001');
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));

    await waitFor(() => expect(history.location.search).toBe('?id=r7'));
    expect(history.location.pathname).toBe('/requirements');
    expect(mutations()).toEqual([
      expect.objectContaining({
        path: '/api/requirements',
        query: { graph: 'core' },
        body: {
          title: 'Access control policy',
          code: 'AC-7',
          priority: 'HIGH',
          description: '## Policy\n\n- **MFA** for admins',
          due_date: '2099-12-31',
          tags: ['iso27001', 'access'],
          parent_id: 'r1',
          // Nobody chosen: '' (the API client drops nulls).
          owner_id: '',
        },
      }),
    ]);
  });

  it('offers the people who may own it as Owner and sends the one chosen', async () => {
    const { mutations, calls } = fakeApi({
      'GET /api/requirements/owners': { body: [ANN, OLGA] },
      'POST /api/requirements': { status: 201, body: requirement(8, { owner: ANN }) },
    });
    const { user } = renderScreen(<AddRequirementScreen route={route} />);
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Owned');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const owner = screen.getByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(within(owner).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nobody', 'Ann Author (ann)', 'Olga Admin (olga)']));
    expect(calls.find((call) => call.path === '/api/requirements/owners')?.query).toEqual({ graph: 'core' });
    await user.selectOptions(owner, 'Ann Author (ann)');
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toMatchObject({ title: 'Owned', owner_id: ANN.id });
  });

  it("shows the API's refusal of the owner on the Owner field", async () => {
    const message = 'This user may not own requirements in this process: owners are members who may update their progress.';
    fakeApi({
      'GET /api/requirements/owners': { body: [ANN] },
      'POST /api/requirements': { status: 400, problem: { detail: message, errors: [{ field: 'owner_id', message }] } },
    });
    const { user } = renderScreen(<AddRequirementScreen route={route} />);
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Owned');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Owner' }), 'Ann Author (ann)');
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Owner: ${message}`);
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveAttribute('aria-invalid', 'true');
    // On the field too (the summary reads 'Owner: …').
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('has the help icon: markdown help on click, the field rules on right-click', async () => {
    fakeApi({});
    const { user } = renderScreen(<AddRequirementScreen route={route} />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const help = await screen.findByRole('dialog', { name: 'Help' });
    // Rendered markdown, not its source.
    expect(await within(help).findByRole('heading', { name: 'Adding and modifying a requirement' })).toBeInTheDocument();
    expect(within(help).getByText('owner', { selector: 'em' })).toBeInTheDocument();
    expect(help).not.toHaveTextContent('**');
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('button', { name: 'Help' }) });
    const rules = await screen.findByRole('dialog', { name: 'Help' });
    expect(await within(rules).findByText('Field rules')).toBeInTheDocument();
    expect(rules).toHaveTextContent('Code: letters, digits, hyphen, underscore and period');
  });

  it("shows the API's refusal on the field it concerns", async () => {
    fakeApi({
      'POST /api/requirements': {
        status: 409,
        problem: { detail: 'A requirement with this code already exists.' },
      },
    });
    const { user } = renderScreen(<AddRequirementScreen route={route} />);
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Twice');
    await fill(user, screen.getByRole('textbox', { name: 'Code' }), 'REQ-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A requirement with this code already exists.');
  });

  it("puts the API's 'Invalid input.' on the field", async () => {
    fakeApi({ 'POST /api/requirements': { status: 400, problem: { detail: 'Invalid input.' } } });
    const { user } = renderScreen(<AddRequirementScreen route={route} />);
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Plain');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Looks harmless');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Description: Invalid input.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Invalid input.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'true');
  });
});
