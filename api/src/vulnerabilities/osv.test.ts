// @backend-agnostic: pure functions; no table is read or written.
import { REFUSALS } from '../http/hostile-values';
import { osvProblem } from './osv';

const base = { id: 'GHSA-xxxx-xxxx-xxxx', modified: '2026-01-01T00:00:00Z' };

test('records the database can store', () => {
  expect(osvProblem(base)).toBeUndefined();
  expect(osvProblem({ ...base, aliases: ['CVE-2026-1'], affected: [{ package: { ecosystem: 'npm', name: 'x' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] }] })).toBeUndefined();
});

test.each([
  [[], 'an OSV record is a JSON object'],
  [{ modified: base.modified }, "'id' must be a non-empty string without control characters"],
  [{ ...base, id: 'GHSA\u001ex' }, "'id' must be a non-empty string without control characters"],
  [{ ...base, modified: 'yesterday' }, "GHSA-xxxx-xxxx-xxxx: 'modified' must be an RFC 3339 time"],
  [{ ...base, aliases: 'CVE-1' }, "GHSA-xxxx-xxxx-xxxx: 'aliases' must be an array of strings"],
  [{ ...base, affected: {} }, "GHSA-xxxx-xxxx-xxxx: 'affected' must be an array"],
  [{ ...base, affected: [{ package: { ecosystem: 'npm' } }] }, "GHSA-xxxx-xxxx-xxxx: affected[0].package needs 'ecosystem' and 'name'"],
  [{ ...base, affected: [{ package: { ecosystem: 'npm', name: 'a\u001fb' } }] }, 'GHSA-xxxx-xxxx-xxxx: affected[0].package has control characters'],
  [{ ...base, affected: [{ versions: ['1.0\u001c'] }] }, 'GHSA-xxxx-xxxx-xxxx: affected[0].versions has control characters'],
  [{ ...base, affected: [{ ranges: [{ type: 'SEMVER' }] }] }, "GHSA-xxxx-xxxx-xxxx: affected[0].ranges[0] needs 'type' and 'events'"],
  [{ ...base, affected: [{ ranges: [{ type: 'SEMVER', events: [{ fixed: 1 }] }] }] }, 'GHSA-xxxx-xxxx-xxxx: affected[0].ranges[0].events must be objects of version strings (without control characters)'],
  [{ ...base, aliases: ['CVE-2026-\u001d1'] }, "GHSA-xxxx-xxxx-xxxx: 'aliases' has control characters"],
  [{ ...base, details: 'a\u0000b' }, `GHSA-xxxx-xxxx-xxxx: 'details' ${REFUSALS.nul}`],
  [{ ...base, database_specific: { 'k\u0000': 1 } }, `GHSA-xxxx-xxxx-xxxx: 'database_specific["k\\u0000"]' (a property name) ${REFUSALS.nul}`],
  [{ ...base, references: [{ type: 'WEB', url: 'https://x/\u0000' }] }, `GHSA-xxxx-xxxx-xxxx: 'references[0].url' ${REFUSALS.nul}`],
  // Postgres's jsonb refuses a lone surrogate's escape; JSON.parse made 1e999 infinite.
  [{ ...base, summary: 'x\ud800' }, `GHSA-xxxx-xxxx-xxxx: 'summary' ${REFUSALS.surrogate}`],
  [{ ...base, database_specific: { cvss: [Infinity] } }, `GHSA-xxxx-xxxx-xxxx: 'database_specific.cvss[0]' ${REFUSALS.infinite}`],
])('refused: %j', (record, problem) => {
  expect(osvProblem(record)).toBe(problem);
});
