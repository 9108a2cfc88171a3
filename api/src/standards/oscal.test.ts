// @backend-agnostic: pure functions; no table is read or written.
// Reading OSCAL catalogs (pure): the tree, codes and positions of nested groups, and statements
// rendered as markdown with their parameters written out.
import { CatalogError, parseCatalog, readCatalogDocument } from './oscal';

const parse = (catalog: object) => parseCatalog(readCatalogDocument({ catalog }));

it('keeps catalog order through nested groups, top-level controls first', () => {
  const parsed = parse({
    uuid: 'u-1',
    metadata: { title: '  A   catalog ', version: '2' },
    controls: [{ id: 'top-1', title: 'Top' }],
    groups: [
      {
        id: 'g',
        title: 'Group',
        props: [{ name: 'label', value: 'G.' }],
        groups: [{ id: 'g-sub', title: 'Sub', controls: [{ id: 's-1', title: 'Sub control' }] }],
        controls: [{ id: 'g-1', title: 'Control', controls: [{ id: 'g-1.1', title: 'Enhancement' }] }],
      },
    ],
  });
  expect(parsed).toMatchObject({ uuid: 'u-1', title: 'A catalog', version: '2', controls: 4 });
  expect(parsed.nodes.map(({ kind, source, code, parent, position }) => ({ kind, source, code, parent, position }))).toEqual([
    { kind: 'control', source: 'top-1', code: 'TOP-1', parent: null, position: 0 },
    { kind: 'group', source: 'g', code: 'G.', parent: null, position: 1 },
    { kind: 'group', source: 'g-sub', code: 'G-SUB', parent: 'g', position: 0 },
    { kind: 'control', source: 's-1', code: 'S-1', parent: 'g-sub', position: 0 },
    { kind: 'control', source: 'g-1', code: 'G-1', parent: 'g', position: 1 },
    { kind: 'control', source: 'g-1.1', code: 'G-1.1', parent: 'g-1', position: 0 },
  ]);
});

it('renders the statement: prose, nested items, assignments, selections and set values', () => {
  const [node] = parse({
    metadata: { title: 'T' },
    controls: [
      {
        id: 'c-1',
        title: 'C',
        props: [
          { name: 'label', value: 'C-01', class: 'zero-padded' },
          { name: 'label', value: 'C-1' },
        ],
        params: [
          { id: 'who', label: 'personnel or roles' },
          { id: 'already', label: 'organization-defined frequency' },
          { id: 'how', select: { choice: ['email', 'phone to {{ insert: param, who }}'] } },
          { id: 'many', select: { 'how-many': 'one-or-more', choice: ['a', 'b'] } },
          { id: 'set', values: ['30 days'] },
          { id: 'guided', guidelines: [{ prose: 'the delay' }] },
        ],
        parts: [
          {
            name: 'statement',
            prose: 'The organization:',
            parts: [
              { name: 'item', props: [{ name: 'label', value: 'a.' }], prose: 'Tells  {{ insert: param, who }} ;' },
              {
                name: 'item',
                props: [{ name: 'label', value: 'b.' }],
                prose: 'Reviews {{ insert: param, already }} by {{ insert: param, how }}:',
                parts: [{ name: 'item', props: [{ name: 'label', value: '1.' }], prose: '{{insert: param, many}} within {{ insert: param, set }}' }],
              },
              { name: 'guidance', prose: 'Not part of the statement.' },
              { name: 'item', prose: 'Waits {{ insert: param, guided }} and {{ insert: param, unknown }}.' },
            ],
          },
          { name: 'guidance', prose: 'Guidance is left out.' },
        ],
      },
    ],
  }).nodes;
  expect(node.code).toBe('C-1');
  expect(node.description).toBe(
    [
      'The organization:',
      '',
      '- **a.** Tells [Assignment: organization-defined personnel or roles];',
      '- **b.** Reviews [Assignment: organization-defined frequency] by [Selection: email; phone to [Assignment: organization-defined personnel or roles]]:',
      '  - **1.** [Selection (one or more): a; b] within 30 days',
      '- Waits [Assignment: organization-defined the delay] and [Assignment: unknown].',
    ].join('\n'),
  );
});

it('names what is missing or malformed', () => {
  const refused = (body: unknown) => {
    try {
      parseCatalog(readCatalogDocument(body));
    } catch (error) {
      if (error instanceof CatalogError) return error.message;
      throw error;
    }
    return 'accepted';
  };
  expect(refused('text')).toBe('The body is not an OSCAL catalog: a JSON object with a "catalog" member is expected.');
  expect(refused({})).toBe('The body is not an OSCAL catalog: the "catalog" member is missing.');
  expect(refused({ catalog: { metadata: { title: 'T' }, groups: {} } })).toBe("The catalog is not valid OSCAL: 'catalog.groups' must be an array.");
  expect(refused({ catalog: { metadata: { title: 'T' }, controls: ['x'] } })).toBe("The catalog is not valid OSCAL: 'catalog.controls[0]' is not an object.");
  expect(refused({ catalog: { metadata: { title: 'T' }, controls: [{ title: 'x' }] } })).toBe('The catalog is not valid OSCAL: \'catalog.controls[0]\' has no "id".');
  expect(refused({ catalog: { metadata: { title: 'T' }, groups: [{ id: 'g', title: 'G', controls: [{ id: 'a', title: 'A' }, { id: 'a', title: 'B' }] }] } })).toBe(
    "The catalog is not valid OSCAL: the id 'a' appears twice.",
  );
  expect(refused({ catalog: { metadata: { title: 'T' }, controls: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B', props: [{ name: 'label', value: 'a' }] }] } })).toBe(
    "The catalog names two requirements 'a' (labels or ids).",
  );
});
