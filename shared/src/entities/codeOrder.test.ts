// compareCodes (issue 26 item 3): requirement codes in natural order, as the API's code_key.
import { compareCodes } from './requirement';

describe('compareCodes', () => {
  it('compares the numbers in codes as numbers, whatever the case of the letters', () => {
    const codes = ['AC-14', 'IA-2(10)', 'REQ-100', 'ac-1', 'IA-2', 'AC', 'REQ-9', 'IA-2(1)', 'AC-2', 'AT-1'];
    expect([...codes].sort(compareCodes)).toEqual(['AC', 'ac-1', 'AC-2', 'AC-14', 'AT-1', 'IA-2', 'IA-2(1)', 'IA-2(10)', 'REQ-9', 'REQ-100']);
  });

  it('gives codes equal but for case a fixed order', () => {
    expect(compareCodes('ac-1', 'AC-1')).toBe(-compareCodes('AC-1', 'ac-1'));
    expect(compareCodes('AC-1', 'AC-1')).toBe(0);
  });
});
