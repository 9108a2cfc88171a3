import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithPortal } from '../testing/renderWithPortal';
import { Tabs, type TabItem } from './Tabs';

const rendered: string[] = [];
const tab = (id: string, label: string): TabItem => ({
  id,
  label,
  render: () => {
    rendered.push(id);
    return <p>{label} panel</p>;
  },
});
const TABS = [tab('gaps', 'Gaps'), tab('risks', 'Risks'), tab('conflicts', 'Conflicts')];

function GapTabs({ initial = 'gaps' }: { initial?: string }) {
  const [selected, setSelected] = useState(initial);
  return <Tabs label="Gap analysis" tabs={TABS} selected={selected} onSelect={setSelected} />;
}

beforeEach(() => {
  rendered.length = 0;
});

describe('Tabs', () => {
  it('is a named tablist whose selected panel, the only one rendered, is labelled by its tab', () => {
    renderWithPortal(<GapTabs />);
    const tablist = screen.getByRole('tablist', { name: 'Gap analysis' });
    expect(within(tablist).getAllByRole('tab').map((element) => element.textContent)).toEqual(['Gaps', 'Risks', 'Conflicts']);
    expect(screen.getByRole('tab', { name: 'Gaps' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Gaps' })).toHaveTextContent('Gaps panel');
    expect(new Set(rendered)).toEqual(new Set(['gaps']));
  });

  it('selects with a click; arrow keys, Home and End move and focus', async () => {
    const user = userEvent.setup();
    renderWithPortal(<GapTabs />);
    await user.click(screen.getByRole('tab', { name: 'Risks' }));
    expect(screen.getByRole('tabpanel', { name: 'Risks' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Conflicts' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Conflicts' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Gaps' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Conflicts' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Gaps' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Conflicts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps only the selected tab in the tab order, and falls back to the first for an unknown id', () => {
    renderWithPortal(<GapTabs initial="unknown" />);
    expect(screen.getByRole('tab', { name: 'Gaps' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Risks' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Gaps' })).toBeInTheDocument();
  });

  it("points every tab's aria-controls at its panel, the closed ones empty and hidden", () => {
    renderWithPortal(<GapTabs initial="risks" />);
    const panels = screen.getAllByRole('tab').map((element) => {
      const panel = document.getElementById(element.getAttribute('aria-controls') ?? '');
      return { role: panel?.getAttribute('role'), labelledBy: panel?.getAttribute('aria-labelledby') === element.id, text: panel?.textContent, hidden: panel?.hidden };
    });
    expect(panels).toEqual([
      { role: 'tabpanel', labelledBy: true, text: '', hidden: true },
      { role: 'tabpanel', labelledBy: true, text: 'Risks panel', hidden: false },
      { role: 'tabpanel', labelledBy: true, text: '', hidden: true },
    ]);
    // Only the open panel is exposed.
    expect(screen.getAllByRole('tabpanel').map((panel) => panel.textContent)).toEqual(['Risks panel']);
    expect(new Set(rendered)).toEqual(new Set(['risks']));
  });
});
