import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithPortal } from '../testing/renderWithPortal';
import { CheckboxGroupField, Select, SelectField, SwitchField, TextField, type TextFieldProps } from './fields';

function Text(props: Partial<TextFieldProps>) {
  const [value, setValue] = useState('');
  return <TextField label="Name" value={value} onChange={setValue} {...props} />;
}

describe('TextField', () => {
  it('is a text box named by its label that reports what is typed', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithPortal(<TextField label="Name" value="" onChange={onChange} placeholder="Production EU" />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('placeholder', 'Production EU');
    await user.type(input, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });

  it("marks a required field's label, unless told not to", () => {
    const { rerender } = renderWithPortal(<Text required />);
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired();
    expect(screen.getByText('Name').closest('label')).toHaveTextContent('Name*');

    rerender(<Text required markRequired={false} />);
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByText('Name').closest('label')).toHaveTextContent(/^Name$/);
  });

  it('shows its helper text and its error', () => {
    renderWithPortal(<Text helperText="As in the CI pipeline." error="Enter a name." />);
    expect(screen.getByText('As in the CI pipeline.')).toBeInTheDocument();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes a date or search type, or several lines (4 unless told)', () => {
    const { rerender } = renderWithPortal(<Text type="date" />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'date');
    rerender(<Text multiline />);
    expect(screen.getByLabelText('Name').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Name')).toHaveAttribute('rows', '4');
    rerender(<Text multiline rows={3} />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('rows', '3');
  });

  it('reports leaving the field, and can be disabled', async () => {
    const user = userEvent.setup();
    const onBlur = jest.fn();
    const { rerender } = renderWithPortal(<Text onBlur={onBlur} autoFocus />);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
    rerender(<Text disabled />);
    expect(screen.getByLabelText('Name')).toBeDisabled();
  });
});

describe('Select', () => {
  it('is a native select named by aria-label, passing its options and changes through', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithPortal(
      <Select aria-label="Owner" value="" onChange={(event) => onChange(event.target.value)} size="sm">
        <option value="">Any owner</option>
        <option value="ada">Ada</option>
      </Select>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'ada');
    expect(onChange).toHaveBeenCalledWith('ada');
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'low', label: 'Low' },
    { value: 'high', label: 'High' },
  ];

  it('is a native select named by its label, with an optional empty choice', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithPortal(<SelectField label="Severity" value="" emptyOption="All severities" options={options} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Severity' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['All severities', 'Low', 'High']);
    await user.selectOptions(select, 'High');
    expect(onChange).toHaveBeenCalledWith('high');
  });

  it('shows its error', () => {
    renderWithPortal(<SelectField label="Severity" value="low" options={options} onChange={jest.fn()} error="Choose a severity." size="sm" />);
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a severity.')).toBeInTheDocument();
  });
});

describe('SwitchField', () => {
  it('is a switch named by its label', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithPortal(<SwitchField label="Continuous monitoring" checked={false} onChange={onChange} description="Rescans daily." />);
    const toggle = screen.getByRole('switch', { name: 'Continuous monitoring' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Rescans daily.')).toBeInTheDocument();
    await user.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('CheckboxGroupField', () => {
  it('is a group named by its legend, one checkbox a value', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithPortal(
      <CheckboxGroupField legend="Environments" values={['dev', 'prod'] as const} checked={['dev']} onChange={onChange} labelOf={(value) => value.toUpperCase()} />,
    );
    const group = screen.getByRole('group', { name: 'Environments' });
    expect(within(group).getByRole('checkbox', { name: 'DEV' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'PROD' }));
    expect(onChange).toHaveBeenLastCalledWith(['dev', 'prod']);
    await user.click(within(group).getByRole('checkbox', { name: 'DEV' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
