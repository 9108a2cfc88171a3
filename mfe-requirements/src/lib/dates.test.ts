import { formatDate, formatTime } from './dates';

describe('dates as the portal shows them (en-US, MM/DD/YYYY)', () => {
  it('shows a calendar day as the same day, whatever the time zone', () => {
    expect(formatDate('2026-12-31')).toBe('12/31/2026');
    expect(formatDate('2026-01-02')).toBe('01/02/2026');
  });

  it('shows a moment with its day and time of day', () => {
    const moment = new Date(2026, 10, 3, 14, 5).toISOString();
    expect(formatDate(moment)).toBe('11/03/2026');
    expect(formatTime(moment)).toBe('11/03/2026, 2:05 PM');
  });

  it('shows a dash for no date and the text itself for a value that is not one', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });
});
