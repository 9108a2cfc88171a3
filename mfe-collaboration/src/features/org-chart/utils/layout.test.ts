import type { OrgChart } from '@portal/shared/collaboration';
import { chartSvg } from './drawing';
import { CARD_HEIGHT, collapsedBelow, layoutOf, personAt } from './layout';
import { chainOf, initialsOf, peopleOf, searchPeople } from './people';

const chart = (rows: Array<[string, string, string | null]>): OrgChart => ({
  uploaded_at: '2026-11-26T10:00:00.000Z',
  uploaded_by: null,
  file_name: 'people.csv',
  columns: ['id', 'name', 'title', 'manager_id', 'email', 'department', 'user_id', 'login_id'],
  people: rows.map(([id, name, manager]) => [id, name, `Title of ${name}`, manager, null, 'Dept', null, null]),
});

const SMALL = chart([
  ['1', 'Olga Chief', null],
  ['2', 'Ada <Lead>', '1'],
  ['3', 'Rita Dev', '2'],
  ['4', 'Sam Sales', '1'],
]);

describe('the people of a chart', () => {
  it('knows reports, tops and the chain to the top', () => {
    const people = peopleOf(SMALL);
    expect(people.tops).toEqual([0]);
    expect(people.children).toEqual([[1, 3], [2], [], []]);
    expect(chainOf(people, 2).map((index) => people.list[index].name)).toEqual(['Olga Chief', 'Ada <Lead>', 'Rita Dev']);
  });

  it('makes initials of one or several names', () => {
    expect(['Olga Chief', 'ada', 'Jean-Luc de la Tour', '  ', 'Élodie Ödegaard'].map(initialsOf)).toEqual(['OC', 'A', 'JT', '?', 'ÉÖ']);
  });

  it('finds people by name, title or department, case-insensitively', () => {
    const people = peopleOf(SMALL);
    expect(searchPeople(people, 'rita').map((person) => person.id)).toEqual(['3']);
    expect(searchPeople(people, 'TITLE OF S').map((person) => person.id)).toEqual(['4']);
    expect(searchPeople(people, '   ')).toEqual([]);
  });
});

describe('the layout', () => {
  it('puts reports one level under their manager, and hides what is collapsed', () => {
    const people = peopleOf(SMALL);
    const whole = layoutOf(people, new Set());
    expect(whole.shown).toHaveLength(4);
    expect(whole.y[1] - whole.y[0]).toBeGreaterThan(CARD_HEIGHT);
    expect(whole.y[2]).toBeGreaterThan(whole.y[1]);
    expect(whole.links).toEqual(expect.arrayContaining([[0, 1], [0, 3], [1, 2]]));
    const folded = layoutOf(people, new Set([1]));
    expect(folded.shown.sort()).toEqual([0, 1, 3]);
    expect(Number.isNaN(folded.x[2])).toBe(true);
    expect(personAt(whole, whole.x[3], whole.y[3])).toBe(3);
    expect(personAt(whole, whole.x[3] + 1000, whole.y[3])).toBeNull();
  });

  it('opens a large chart a few levels deep', () => {
    const rows: Array<[string, string, string | null]> = Array.from({ length: 5000 }, (_, n) => [`P${n + 1}`, `Person ${n + 1}`, n === 0 ? null : `P${Math.floor((n - 1) / 6) + 1}`]);
    const people = peopleOf(chart(rows));
    const whole = layoutOf(people, new Set());
    expect(whole.shown).toHaveLength(5000);
    const opened = layoutOf(people, collapsedBelow(people, 2));
    expect(opened.shown).toHaveLength(1 + 6 + 36);
  });

  it('exports the shown people as SVG text, escaped', () => {
    const people = peopleOf(SMALL);
    const svg = chartSvg(people, layoutOf(people, new Set()));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Ada &lt;Lead&gt;');
    expect(svg).not.toContain('<Lead>');
    expect(svg.match(/<rect /g)).toHaveLength(4);
  });
});
