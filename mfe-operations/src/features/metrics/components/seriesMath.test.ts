import { rangesOf } from '../api/metrics';
import { changePercent, dailyTotals, formatValue, totalOf } from './seriesMath';

const DAY = 86_400_000;
/** The days a range covers as the API counts them: from the start of `from` to the end of `to`. */
const spanDays = (range: { from: string; to: string }) => (Date.parse(`${range.to}T23:59:59.999Z`) - Date.parse(`${range.from}T00:00:00.000Z`)) / DAY;

describe('the metrics screen’s numbers', () => {
  it('asks for ranges the API accepts (7 to 366 days), the period before ending the day before the range starts', () => {
    const today = new Date('2026-11-27T23:30:00.000Z');
    expect(rangesOf(7, today)).toEqual({ current: { from: '2026-11-21', to: '2026-11-27' }, previous: { from: '2026-11-14', to: '2026-11-20' } });
    expect(rangesOf(365, today).current).toEqual({ from: '2025-11-28', to: '2026-11-27' });
    for (const days of [7, 30, 90, 365]) {
      const { current, previous } = rangesOf(days, today);
      for (const range of [current, previous]) {
        expect(spanDays(range)).toBeGreaterThanOrEqual(7 - 0.001);
        expect(spanDays(range)).toBeLessThanOrEqual(366);
      }
    }
  });

  it('adds up the sets of labels at each day’s end, a value holding until the next point, none before the first', () => {
    const days = dailyTotals(
      {
        key: 'open_findings',
        from: '2026-11-20T00:00:00.000Z',
        to: '2026-11-23T23:59:59.999Z',
        series: [
          { labels: { severity: 'high' }, points: [{ at: '2026-11-21T10:00:00.000Z', value: 2 }, { at: '2026-11-23T08:00:00.000Z', value: 0 }] },
          { labels: { severity: 'low' }, points: [{ at: '2026-11-22T23:59:59.000Z', value: 5 }] },
        ],
      },
      { from: '2026-11-20', to: '2026-11-23' },
    );
    expect(days).toEqual([
      { date: '2026-11-20', value: null },
      { date: '2026-11-21', value: 2 },
      { date: '2026-11-22', value: 7 },
      { date: '2026-11-23', value: 5 },
    ]);
  });

  it('says no % from zero or from nothing, and each unit as it reads', () => {
    expect(changePercent(12, 10)).toBe(20);
    expect(changePercent(3, 0)).toBeNull();
    expect(changePercent(3, null)).toBeNull();
    expect(formatValue(1, 'days')).toBe('1 day');
    expect(formatValue(2.25, 'days')).toBe('2.3 days');
    expect(formatValue(40, 'percent')).toBe('40%');
    expect(formatValue(1, 'minutes')).toBe('1 minute');
    expect(formatValue(90, 'minutes')).toBe('90 minutes');
    expect(formatValue(null, 'count')).toBe('no value');
    expect(totalOf([{ labels: {}, value: null, previous: null, previous_at: null }])).toEqual({ value: null, previous: null, previousAt: null });
  });
});
