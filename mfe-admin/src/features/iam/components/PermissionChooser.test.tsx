import { screen, within } from '@testing-library/react';
import { renderScreen } from '@portal/shared/testing';
import { useState } from 'react';
import { PermissionChooser } from './PermissionChooser';
import { PERMISSION_GROUPS } from './permissionGroups';

let latest: string[] = [];

function Chooser({ initial }: { initial: string[] }) {
  const [chosen, setChosen] = useState(initial);
  return (
    <PermissionChooser
      chosen={chosen}
      onChange={(next) => {
        latest = next;
        setChosen(next);
      }}
    />
  );
}

const open = (initial: string[] = []) => {
  latest = initial;
  return renderScreen(<Chooser initial={initial} />);
};
const familyButtons = () => screen.queryAllByRole('button', { expanded: false }).concat(screen.queryAllByRole('button', { expanded: true }));
const familyButton = (label: RegExp) => screen.getByRole('button', { name: label });

describe('PermissionChooser', () => {
  it('shows one collapsed section per family with its count of chosen, instead of every permission', () => {
    open(['list=>Requirement', 'view=>Requirement', 'list=>Application']);
    expect(familyButtons()).toHaveLength(PERMISSION_GROUPS.length);
    expect(familyButton(/^Requirements, tasks and documents/)).toHaveAccessibleName(/2 of \d+ chosen$/);
    expect(familyButton(/^Applications, SBOM and RBOM/)).toHaveAccessibleName(/1 of \d+ chosen$/);
    expect(familyButton(/^Development/)).toHaveAccessibleName(/0 of \d+ chosen$/);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText(/^3 of \d+ permissions chosen\.$/)).toBeInTheDocument();
  });

  it('opens and closes a family; its rows group the permissions by resource', async () => {
    const { user } = open(['list=>Requirement']);
    const button = familyButton(/^Requirements, tasks and documents/);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const requirement = within(panel).getByRole('group', { name: 'Requirement' });
    expect(within(requirement).getByRole('checkbox', { name: 'list=>Requirement' })).toBeChecked();
    expect(within(requirement).getByRole('checkbox', { name: 'delete=>Requirement' })).not.toBeChecked();
    expect(within(panel).getByRole('group', { name: 'Task' })).toBeInTheDocument();

    await user.click(within(requirement).getByRole('checkbox', { name: 'delete=>Requirement' }));
    expect(latest).toEqual(['list=>Requirement', 'delete=>Requirement']);
    expect(button).toHaveAccessibleName(/2 of \d+ chosen$/);

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Requirement' })).not.toBeInTheDocument();
  });

  it('selects a whole family, or none of it; a family partly chosen is mixed', async () => {
    const { user } = open(['use=>RBOM']);
    await user.click(familyButton(/^Modules and features/));
    const all = screen.getByRole('checkbox', { name: 'Select all in Modules and features' });
    expect(all).toBePartiallyChecked();
    await user.click(all);
    const modules = PERMISSION_GROUPS.find((group) => group.family === 'modules')!;
    expect(latest).toHaveLength(modules.choices.length);
    expect(all).toBeChecked();
    expect(familyButton(/^Modules and features/)).toHaveAccessibleName(new RegExp(`${modules.choices.length} of ${modules.choices.length} chosen$`));
    await user.click(all);
    expect(latest).toEqual([]);
    expect(all).not.toBeChecked();
  });

  it('narrows to what the filter finds, opening the families that hold it; Select all takes only those', async () => {
    const { user } = open();
    await user.type(screen.getByRole('searchbox', { name: 'Filter permissions' }), 'delete requirement');
    // Enter in the filter does not submit the form around it.
    await user.keyboard('{Enter}');
    const checkboxes = screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent);
    expect(checkboxes).toEqual(['Select all shown in Requirements, tasks and documents', 'delete=>Requirement']);
    expect(familyButtons()).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown in Requirements, tasks and documents' }));
    expect(latest).toEqual(['delete=>Requirement']);

    await user.clear(screen.getByRole('searchbox', { name: 'Filter permissions' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter permissions' }), 'nothing-like-this');
    expect(screen.getByText('No permission matches “nothing-like-this”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('is used with the keyboard alone: Tab reaches each family, Enter opens it, Space chooses', async () => {
    const { user } = open();
    await user.tab();
    expect(screen.getByRole('searchbox', { name: 'Filter permissions' })).toHaveFocus();
    await user.tab();
    expect(familyButton(/^Modules and features/)).toHaveFocus();
    await user.tab();
    expect(familyButton(/^Requirements, tasks and documents/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(familyButton(/^Requirements, tasks and documents/)).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select all in Requirements, tasks and documents' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'use=>OrgChart' })).toHaveFocus();
    await user.keyboard(' ');
    expect(latest).toEqual(['use=>OrgChart']);
  });
});
