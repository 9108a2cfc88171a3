// @backend-agnostic: pure functions; no table is read or written.
import { cvssBaseScore, ratingOfScore, severityOf } from './severity';

test('base scores computed from CVSS v3.1, v3.0, v4.0 and v2 vectors', () => {
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L')).toBe(5.3);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(9.8);
  expect(cvssBaseScore('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(9.8);
  expect(cvssBaseScore('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toBe(9.3);
  expect(cvssBaseScore('AV:N/AC:L/Au:N/C:P/I:P/A:P')).toBe(7.5);
  expect(cvssBaseScore('')).toBeNull();
  expect(cvssBaseScore('CVSS:3.1/AV:N')).toBeNull();
  expect(cvssBaseScore('garbage')).toBeNull();
});

test('qualitative ratings', () => {
  expect([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10].map(ratingOfScore)).toEqual(['NONE', 'LOW', 'LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'HIGH', 'CRITICAL', 'CRITICAL']);
});

test('v4 preferred to v3; the advisory rating when no vector scores', () => {
  const base = { id: 'X', modified: '2026-01-01T00:00:00Z' };
  expect(
    severityOf({
      ...base,
      severity: [
        { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' },
        { type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' },
      ],
    }),
  ).toEqual({ vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', score: 9.3, rating: 'CRITICAL' });
  // GHSA-cqmj-92xf-r6r9 has an empty score string: its stated rating counts.
  expect(severityOf({ ...base, severity: [{ type: 'CVSS_V3', score: '' }], database_specific: { severity: 'HIGH' } })).toEqual({ vector: null, score: null, rating: 'HIGH' });
  expect(severityOf({ ...base, database_specific: { severity: 'MODERATE' } }).rating).toBe('MEDIUM');
  expect(severityOf(base).rating).toBe('UNKNOWN');
});
