import { parseCsv, previewKind } from './csv';

describe('parseCsv', () => {
  it('reads quoted cells, doubled quotes and both line ends', () => {
    expect(parseCsv('a,"b, c"\r\n"say ""hi""",2\n3,').rows).toEqual([
      ['a', 'b, c'],
      ['say "hi"', '2'],
      ['3', ''],
    ]);
  });

  it('stops at the preview limit and says so', () => {
    const { rows, cut } = parseCsv('1\n2\n3\n4\n', 2);
    expect(rows).toEqual([['1'], ['2']]);
    expect(cut).toBe(true);
  });
});

it('previews each stored type its own way', () => {
  expect(['application/pdf', 'image/webp', 'text/markdown; charset=utf-8', 'text/csv; charset=utf-8', 'text/plain; charset=utf-8', 'application/octet-stream'].map(previewKind)).toEqual([
    'pdf',
    'image',
    'markdown',
    'csv',
    'text',
    'none',
  ]);
});
