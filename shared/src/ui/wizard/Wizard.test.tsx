import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '../testing/renderWithPortal';
import type { WizardFieldValidator, WizardStep } from './types';
import { Wizard, type WizardProps } from './Wizard';

interface AccountValues {
  kind: string;
  email: string;
  company: string;
  nickname: string;
}

const EMPTY: AccountValues = { kind: '', email: '', company: '', nickname: '' };

// Stands in for the validation schemas of spec 5.
const validate: WizardFieldValidator<AccountValues> = (value, rules) =>
  rules.format === 'email' && !String(value).includes('@') ? 'Invalid email format.' : undefined;

const steps: WizardStep<AccountValues>[] = [
  {
    id: 'kind',
    title: 'Account kind',
    fields: [{ name: 'kind', label: 'Kind', rules: { required: true } }],
    next: (values) => (values.kind === 'business' ? 'company' : 'contact'),
  },
  {
    id: 'company',
    title: 'Company',
    fields: [{ name: 'company', label: 'Company name', rules: { required: true } }],
  },
  {
    id: 'contact',
    title: 'Contact',
    fields: [
      { name: 'email', label: 'Email', rules: { required: true, format: 'email', trigger: 'blur' } },
      { name: 'nickname', label: 'Nickname', rules: { trigger: 'focus' }, validate: (value) => (value.length < 3 ? 'Must have at least 3 characters.' : undefined) },
    ],
    next: () => undefined,
  },
];

function renderWizard(props: Partial<WizardProps<AccountValues>> = {}) {
  const onSubmit = jest.fn<Promise<void>, [AccountValues]>(() => Promise.resolve());
  const user = userEvent.setup();
  const all: WizardProps<AccountValues> = { steps, initialValues: EMPTY, validate, onSubmit, ...props };
  const view = renderWithPortal(<Wizard {...all} />);
  const rerender = (next: Partial<WizardProps<AccountValues>>) => view.rerender(<Wizard {...all} {...next} />);
  return { user, onSubmit, rerender };
}

const button = (name: string) => screen.getByRole('button', { name });
const currentStep = () => screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]');

describe('Wizard', () => {
  it('keeps Next disabled until the required fields of the step are filled', async () => {
    const { user } = renderWizard();
    expect(currentStep()).toHaveTextContent('Account kind');
    expect(button('Next')).toBeDisabled();
    await user.type(screen.getByLabelText(/Kind/), 'personal');
    expect(button('Next')).toBeEnabled();
    await user.clear(screen.getByLabelText(/Kind/));
    expect(button('Next')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('moves to the step computed from the values and pops the history on Back', async () => {
    const { user } = renderWizard();
    await user.type(screen.getByLabelText(/Kind/), 'business');
    await user.click(button('Next'));
    expect(currentStep()).toHaveTextContent('Company');
    expect(screen.getByRole('region', { name: 'Company' })).toBeInTheDocument();

    await user.click(button('Back'));
    expect(currentStep()).toHaveTextContent('Account kind');
    expect(screen.getByLabelText(/Kind/)).toHaveValue('business');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Kind/));
    await user.type(screen.getByLabelText(/Kind/), 'personal');
    await user.click(button('Next'));
    expect(currentStep()).toHaveTextContent('Contact');
    // The last step shows Submit instead of Next.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(button('Submit')).toBeInTheDocument();
  });

  it('hides Back when disabled', async () => {
    const { user } = renderWizard({ disableBack: true });
    await user.type(screen.getByLabelText(/Kind/), 'personal');
    await user.click(button('Next'));
    expect(currentStep()).toHaveTextContent('Contact');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('shows an Error notice and stays when Next finds invalid values', async () => {
    const twoSteps: WizardStep<AccountValues>[] = [
      { id: 'contact', title: 'Contact', fields: [{ name: 'email', label: 'Email', rules: { required: true, format: 'email' } }] },
      { id: 'done', title: 'Done', fields: [{ name: 'nickname', label: 'Nickname' }] },
    ];
    const { user } = renderWizard({ steps: twoSteps });
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(button('Next'));

    const notice = await screen.findByRole('dialog', { name: 'Error' });
    expect(notice).toHaveTextContent('Email: Invalid email format.');
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentStep()).toHaveTextContent('Contact');

    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'a@example.com');
    await user.click(button('Next'));
    expect(currentStep()).toHaveTextContent('Done');
  });

  it('shows a blur-triggered error only after the field loses focus', async () => {
    const { user } = renderWizard();
    await user.type(screen.getByLabelText(/Kind/), 'personal{Enter}');
    const email = screen.getByLabelText(/Email/);
    await user.type(email, 'nobody');
    expect(screen.queryByText('Invalid email format.')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Invalid email format.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a focus-triggered error once the field is focused, and an immediate one on change', async () => {
    const { user } = renderWizard();
    const kind = screen.getByLabelText(/Kind/);
    await user.type(kind, 'x');
    await user.clear(kind);
    expect(screen.getByText('Required.')).toBeInTheDocument();
    await user.type(kind, 'personal{Enter}');

    await user.type(screen.getByLabelText(/Email/), 'a@example.com');
    expect(screen.queryByText('Must have at least 3 characters.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nickname'), 'ab');
    expect(screen.getByText('Must have at least 3 characters.')).toBeInTheDocument();
  });

  it('goes Next with Enter and submits with Enter on the last step', async () => {
    const { user, onSubmit } = renderWizard();
    await user.type(screen.getByLabelText(/Kind/), 'personal{Enter}');
    expect(currentStep()).toHaveTextContent('Contact');
    await user.type(screen.getByLabelText(/Email/), 'a@example.com{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'personal', email: 'a@example.com', company: '', nickname: '' });
  });

  it('shows an Error notice instead of submitting invalid values with Enter', async () => {
    const { user, onSubmit } = renderWizard();
    await user.type(screen.getByLabelText(/Kind/), 'personal{Enter}');
    await user.type(screen.getByLabelText(/Email/), 'nobody');
    expect(button('Submit')).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Email: Invalid email format.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('enables Submit only when values differ from the initial ones and it is not busy', async () => {
    const initial = { ...EMPTY, kind: 'personal', email: 'a@example.com' };
    const { user, onSubmit, rerender } = renderWizard({ initialValues: initial, submitText: 'Save' });
    await user.click(button('Next'));
    expect(button('Save')).toBeDisabled();

    await user.type(screen.getByLabelText('Nickname'), 'alex');
    expect(button('Save')).toBeEnabled();
    rerender({ initialValues: initial, submitText: 'Save', busy: true });
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    rerender({ initialValues: initial, submitText: 'Save', busy: false });

    await user.click(button('Save'));
    expect(onSubmit).toHaveBeenCalledWith({ ...initial, nickname: 'alex' });
  });

  it('is busy while onSubmit runs', async () => {
    let finish = () => {};
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWizard({ onSubmit, steps: [steps[2]] });
    await user.type(screen.getByLabelText(/Email/), 'a@example.com');
    await user.click(button('Submit'));
    expect(screen.getByRole('button', { name: /Submit/ })).toBeDisabled();
    expect(screen.getByLabelText(/Email/)).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('disables Submit when the initial values change during editing', async () => {
    const initial = { ...EMPTY, kind: 'personal', email: 'a@example.com' };
    const { user, rerender } = renderWizard({ initialValues: initial, steps: [steps[2]] });
    await user.type(screen.getByLabelText('Nickname'), 'alex');
    expect(button('Submit')).toBeEnabled();

    rerender({ initialValues: { ...initial, email: 'b@example.com' }, steps: [steps[2]] });
    expect(await screen.findByText('The form is no longer valid for initial values have changed.')).toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    expect(screen.getByLabelText(/Email/)).toHaveValue('a@example.com');
  });

  it('accepts new initial values equal to what the user has, e.g. a refetch after saving', async () => {
    const initial = { ...EMPTY, email: 'a@example.com' };
    const { user, rerender } = renderWizard({ initialValues: initial, steps: [steps[2]] });
    await user.type(screen.getByLabelText('Nickname'), 'alex');
    rerender({ initialValues: { ...initial, nickname: 'alex' }, steps: [steps[2]] });
    expect(screen.queryByText('The form is no longer valid for initial values have changed.')).not.toBeInTheDocument();
    // Saved values are the new initial ones, so there is nothing left to submit.
    expect(button('Submit')).toBeDisabled();
    await user.type(screen.getByLabelText('Nickname'), 'a');
    expect(button('Submit')).toBeEnabled();
  });

  it('takes changed initial values silently while the user has not edited', () => {
    const initial = { ...EMPTY, email: 'a@example.com' };
    const { rerender } = renderWizard({ initialValues: initial, steps: [steps[2]] });
    // An equal but new object on every render is no change.
    rerender({ initialValues: { ...initial }, steps: [steps[2]] });
    rerender({ initialValues: { ...initial, email: 'b@example.com' }, steps: [steps[2]] });
    expect(screen.getByLabelText(/Email/)).toHaveValue('b@example.com');
    expect(screen.queryByText('The form is no longer valid for initial values have changed.')).not.toBeInTheDocument();
  });

  it('opens the help on click and the alternate help on right-click', async () => {
    const { user } = renderWizard({ help: '# Sign in\nUse your **login id**.', alternateHelp: 'Ask your admin.' });
    await user.click(button('Help'));
    const help = await screen.findByRole('dialog', { name: 'Help' });
    expect(help).toHaveTextContent('Use your **login id**.');
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.pointer({ keys: '[MouseRight]', target: button('Help') });
    expect(await screen.findByRole('dialog', { name: 'Help' })).toHaveTextContent('Ask your admin.');
  });

  it("shows the help through the caller's renderer when given (a remote's markdown)", async () => {
    const { user } = renderWizard({ help: '# Sign in', alternateHelp: 'Ask', renderHelp: (text) => <strong>rendered {text}</strong> });
    await user.click(button('Help'));
    const help = await screen.findByRole('dialog', { name: 'Help' });
    expect(within(help).getByText('rendered # Sign in').tagName).toBe('STRONG');
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.pointer({ keys: '[MouseRight]', target: button('Help') });
    expect(await screen.findByRole('dialog', { name: 'Help' })).toHaveTextContent('rendered Ask');
  });

  it('validates with the formats and messages of spec 5 by default, and runs whole-form checks', async () => {
    interface PasswordValues {
      new_password: string;
      repeat_password: string;
    }
    const user = userEvent.setup();
    renderWithPortal(
      <Wizard<PasswordValues>
        steps={[
          {
            id: 'password',
            title: 'Choose a password',
            fields: [
              { name: 'new_password', label: 'New password', password: true, rules: { required: true, format: 'password' } },
              { name: 'repeat_password', label: 'Repeat', password: true, rules: { required: true } },
            ],
          },
        ]}
        initialValues={{ new_password: '', repeat_password: '' }}
        validateForm={(values) =>
          values.new_password === values.repeat_password ? {} : { repeat_password: 'The passwords must be the same.' }
        }
        onSubmit={jest.fn()}
      />,
    );
    const password = screen.getByLabelText(/New password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'short');
    expect(
      screen.getByText('At least 8 characters and must have uppercase, lowercase, number and special character (@$!%*?&).'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Str0ng&pass');
    await user.type(screen.getByLabelText(/Repeat/), 'Str0ng&pas');
    expect(screen.getByText('The passwords must be the same.')).toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    await user.type(screen.getByLabelText(/Repeat/), 's');
    expect(screen.queryByText('The passwords must be the same.')).not.toBeInTheDocument();
    expect(button('Submit')).toBeEnabled();
  });

  it('binds custom field inputs and step content to the same values and rules', async () => {
    interface SetupValues {
      code: string;
      downloaded: boolean;
    }
    const setupSteps: WizardStep<SetupValues>[] = [
      {
        id: 'codes',
        title: 'Recovery codes',
        render: ({ setValue }) => (
          <button type="button" onClick={() => setValue('code', '123456')}>
            Fill code
          </button>
        ),
        fields: [
          { name: 'code', label: 'Code', rules: { required: true } },
          {
            name: 'downloaded',
            label: 'Downloaded',
            rules: { required: true },
            render: ({ id, value, setValue }) => (
              <input id={id} type="checkbox" checked={value} onChange={(event) => setValue(event.target.checked)} />
            ),
          },
        ],
      },
    ];
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    renderWithPortal(
      <Wizard steps={setupSteps} initialValues={{ code: '', downloaded: false }} onSubmit={onSubmit} submitText="Finish" />,
    );
    await user.click(button('Fill code'));
    expect(screen.getByLabelText(/Code/)).toHaveValue('123456');
    expect(button('Finish')).toBeDisabled();
    await user.click(screen.getByLabelText(/Downloaded/));
    await user.click(button('Finish'));
    expect(onSubmit).toHaveBeenCalledWith({ code: '123456', downloaded: true });
  });
});
