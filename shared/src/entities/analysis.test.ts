import { PERMISSIONS } from '../permissions/catalogue';
import { reportCellText } from './analysis';
import { REQUIREMENT_OWNER_PERMISSION } from './requirement';

describe('reportCellText', () => {
  it('names statuses and priorities by their labels', () => {
    expect(reportCellText('status', 'IN_REVIEW')).toBe('In review');
    expect(reportCellText('status', 'CLOSED')).toBe('Closed');
    expect(reportCellText('status', 'RESOLVED')).toBe('Resolved');
    expect(reportCellText('priority', 'CRITICAL')).toBe('Critical');
    // Only those columns: a title that reads like a status stays as written.
    expect(reportCellText('title', 'IN_REVIEW')).toBe('IN_REVIEW');
    expect(reportCellText('status', 'constructor')).toBe('constructor');
  });

  it('writes days as MM/DD/YYYY (spec 9) and keeps numbers and empty cells', () => {
    expect(reportCellText('due_date', '2026-03-09')).toBe('03/09/2026');
    expect(reportCellText('target_date', '2030-12-31')).toBe('12/31/2030');
    expect(reportCellText('due_date', 'soon')).toBe('soon');
    expect(reportCellText('code', '2026-03-09')).toBe('2026-03-09');
    expect(reportCellText('progress', 40)).toBe('40');
    expect(reportCellText('owner', null)).toBe('');
  });
});

it('lets the owner of a requirement be who may update its progress', () => {
  expect(REQUIREMENT_OWNER_PERMISSION).toBe(PERMISSIONS.requirements.UPDATE_REQUIREMENT_PROGRESS);
});
